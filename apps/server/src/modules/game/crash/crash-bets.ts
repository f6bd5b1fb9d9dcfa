import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  CRASH_BET_EVENT,
  CRASH_CASHOUT_EVENT,
  CRASH_CHANNEL,
  CRASH_GAME_IDENTITY,
  CRASH_MAX_POINT,
  CRASH_MIN_AUTO_CASHOUT,
  crashMillisecondsTo,
  crashMultiplierAt,
  type CrashBet,
  type PlaceCrashBetRequest,
} from "@playfair/contracts/game/crash";
import { multiplierFromUnits } from "@playfair/fairness";
import { BIG_WIN_MULTIPLIER, SPIN_EVENT, WINNERS_CHANNEL } from "@playfair/contracts/game/play";
import { compareAmounts, fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../../db/database.ts";
import { AppError, notFound, validationFailed } from "../../../lib/app-error.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import { players } from "../../player/player.schema.ts";
import type { GameSessionRow } from "../play/game-play.schema.ts";
import { assertSessionOpen, callersSession, sessionNotFound } from "../play/game-sessions.ts";
import { launchableOriginal } from "../play/originals.ts";
import { BonusMaxBetError } from "../../bonus/bonus-wagering.ts";
import { publishMaxBetRefusal, publishStakeRefusal, requestFingerprint, StakeRefusedError, type MoneyRound, type StakingDependencies } from "../play/round-money.ts";
import { crashBets, crashRounds, type CrashBetRow, type CrashRoundRow } from "./crash.schema.ts";
import { crashBetView, crashPublicBetView, crashSpinView, crashWinnerView } from "./crash-views.ts";

// Bets on the shared round (L4, L5, P3). A bet is placed only while its round is betting: the bet's
// transaction holds the round row FOR SHARE, so the loop's move to running waits for it and no bet
// lands in a running round. A cash-out holds the round FOR SHARE too and is paid at the curve's
// multiplier at the server's time, which is below the crash point until the crash instant; the
// loop's crash takes the row FOR UPDATE. Every bet ends once: cashed (paid at cash-out), lost or
// refunded, each under the bet's one resolve key.

export type Caller = { playerId: string | null };
export type BetAnswer = { bet: CrashBet; balance: string; replayed: boolean };

/** How a bet ends. */
export type BetEnd = { status: "cashed"; multiplier: number } | { status: "lost" } | { status: "refunded" };

export type CrashBets = {
  place(sessionId: string, caller: Caller, request: PlaceCrashBetRequest, idempotencyKey?: string): Promise<BetAnswer>;
  cashOut(sessionId: string, betId: string, caller: Caller): Promise<BetAnswer>;
  /** Ends an active bet in the caller's transaction (bet row locked there); false when it had already ended. */
  settle(executor: DbExecutor, bet: CrashBetRow, end: BetEnd): Promise<boolean>;
};

type Dependencies = StakingDependencies;

/** "2", "2.5" or "2.50" as hundredths (250). */
export function parseAutoCashout(text: string | undefined): number | null {
  if (text === undefined) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(hundredths) || hundredths < CRASH_MIN_AUTO_CASHOUT || hundredths > CRASH_MAX_POINT) {
    throw validationFailed({ autoCashout: ["The auto cash-out must be from 1.01 to 1000000.00."] });
  }
  return hundredths;
}

/** Minor units paid for a stake cashed out at `hundredths`, rounded down like every original's payout. */
export function cashoutPayout(stake: bigint, hundredths: number): bigint {
  return (stake * BigInt(hundredths)) / 100n;
}

/** The instant a running round crashes: its start plus the curve's time to its point. */
export function crashInstant(round: Pick<CrashRoundRow, "startedAt" | "crashPoint">): Date {
  return new Date(round.startedAt!.getTime() + crashMillisecondsTo(round.crashPoint));
}

/** A cash-out is a big win from the same multiplier as every other original's round. */
export const CRASH_BIG_WIN_HUNDREDTHS = Math.round(Number(BIG_WIN_MULTIPLIER) * 100);

export function createCrashBets(dependencies: Dependencies): CrashBets {
  const { db, now, realtime, wallet, precisionOf, knownPrecision } = dependencies;

  async function loadSession(sessionId: string, caller: Caller): Promise<GameSessionRow> {
    const session = await callersSession(db, sessionId, caller);
    if (session.gameIdentity !== CRASH_GAME_IDENTITY) throw sessionNotFound();
    assertSessionOpen(session, now());
    return session;
  }

  const moneyOf = (row: { demo: boolean }) => (row.demo ? dependencies.demoMoney : dependencies.realMoney);

  function moneyBet(row: CrashBetRow, subunitToUnit: string): MoneyRound {
    return {
      roundId: row.id,
      playerId: row.playerId,
      sessionId: row.sessionId,
      currency: row.currency,
      walletAccountId: row.walletAccountId,
      stake: toMinorUnits(row.amount, subunitToUnit),
      subunitToUnit,
      game: CRASH_GAME_IDENTITY,
    };
  }

  async function nicknameOf(executor: DbExecutor, playerId: string): Promise<string | null> {
    const [player] = await executor.select({ nickname: players.nickname }).from(players).where(eq(players.id, playerId));
    return player?.nickname ?? null;
  }

  async function publishRefusal(playerId: string, refusal: StakeRefusedError, stake: { currency: string; amount: string }): Promise<void> {
    try {
      await publishStakeRefusal(realtime, db, playerId, refusal, { game: CRASH_GAME_IDENTITY, ...stake });
    } catch (error) {
      dependencies.logger.warn({ err: error }, "could not publish a refused crash bet");
    }
  }

  async function replay(executor: DbExecutor, sessionId: string, idempotencyKey: string, fingerprint: string): Promise<BetAnswer | null> {
    const [existing] = await executor.select().from(crashBets).where(and(eq(crashBets.sessionId, sessionId), eq(crashBets.idempotencyKey, idempotencyKey)));
    if (!existing) return null;
    if (existing.requestFingerprint !== fingerprint) throw new AppError("CONFLICT", "This idempotency key was already used with different parameters.");
    return { bet: crashBetView(existing), balance: existing.balanceAfter ?? existing.balanceBefore, replayed: true };
  }

  async function settle(executor: DbExecutor, bet: CrashBetRow, end: BetEnd): Promise<boolean> {
    if (bet.status !== "active") return false;
    const subunitToUnit = knownPrecision(bet.currency);
    const money = moneyBet(bet, subunitToUnit);
    const payout = end.status === "cashed" ? cashoutPayout(money.stake, end.multiplier) : end.status === "refunded" ? money.stake : 0n;
    const balance = await moneyOf(bet).resolve(executor, money, { payout, voided: end.status === "refunded" });
    const [updated] = await executor
      .update(crashBets)
      .set({
        status: end.status,
        cashoutMultiplier: end.status === "cashed" ? end.multiplier : null,
        payout: fromMinorUnits(payout, subunitToUnit),
        balanceAfter: balance,
        settledAt: now(),
      })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
      .returning();
    // The caller locked the bet row and saw it active.
    if (!updated) throw new Error(`crash bet ${bet.id} was not active when it ended`);
    if (updated.demo || !updated.playerId) return true;
    const publications: { channel: string; data: unknown }[] = [{ channel: `game:spins#${updated.playerId}`, data: { event: SPIN_EVENT, spin: crashSpinView(updated) } }];
    const account = updated.walletAccountId ? await wallet.accountPublication(executor, updated.playerId, updated.walletAccountId) : null;
    if (account) publications.push(account);
    if (end.status === "cashed") {
      const nickname = await nicknameOf(executor, updated.playerId);
      publications.push({ channel: CRASH_CHANNEL, data: { event: CRASH_CASHOUT_EVENT, bet: crashPublicBetView(updated, nickname) } });
      // The public big wins, in the same outbox write as every original's (GET /spins/winners reads them back).
      if (end.multiplier >= CRASH_BIG_WIN_HUNDREDTHS) publications.push({ channel: WINNERS_CHANNEL, data: { event: "game.winner", winner: crashWinnerView(updated, nickname) } });
    }
    await realtime.publishMany(executor, publications);
    return true;
  }

  return {
    settle,

    async place(sessionId, caller, request, idempotencyKey) {
      const session = await loadSession(sessionId, caller);
      const subunitToUnit = await precisionOf(session.currency);
      let stake: bigint;
      try {
        stake = toMinorUnits(request.amount, subunitToUnit);
      } catch {
        throw validationFailed({ amount: [`The amount has more decimals than ${session.currency} allows.`] });
      }
      const range = launchableOriginal(CRASH_GAME_IDENTITY)!.stakes[session.currency];
      if (!range) throw validationFailed({ amount: [`This game is not played in ${session.currency}.`] });
      const amount = fromMinorUnits(stake, subunitToUnit);
      if (compareAmounts(amount, range.min) < 0 || compareAmounts(amount, range.max) > 0) {
        throw validationFailed({ amount: [`The stake must be from ${range.min} to ${range.max} ${session.currency}.`] });
      }
      const autoCashout = parseAutoCashout(request.autoCashout);
      const fingerprint = requestFingerprint({ amount, autoCashout });

      try {
        return await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            if (idempotencyKey) {
              const replayed = await replay(tx, session.id, idempotencyKey, fingerprint);
              if (replayed) return replayed;
            }
            // FOR SHARE: the loop's move to running waits until this bet has committed or failed.
            const [round] = await tx.select().from(crashRounds).where(eq(crashRounds.status, "betting")).for("share");
            if (!round || now() >= round.bettingEndsAt) throw new AppError("CONFLICT", "Bets are closed; place your bet when the next round opens.");
            const betId = randomUUID();
            const inserted = await tx
              .insert(crashBets)
              .values({
                id: betId,
                roundId: round.id,
                sessionId: session.id,
                playerId: session.playerId,
                demo: session.demo,
                currency: session.currency,
                walletAccountId: session.walletAccountId,
                amount,
                autoCashout,
                status: "active",
                balanceBefore: "0",
                idempotencyKey: idempotencyKey ?? null,
                requestFingerprint: idempotencyKey ? fingerprint : null,
                createdAt: now(),
              })
              .onConflictDoNothing({ target: [crashBets.sessionId, crashBets.idempotencyKey] })
              .returning({ id: crashBets.id });
            // A concurrent retry under the same key committed first: answer its bet.
            if (inserted.length === 0) return (await replay(tx, session.id, idempotencyKey!, fingerprint))!;

            const money: MoneyRound = {
              roundId: betId,
              playerId: session.playerId,
              sessionId: session.id,
              currency: session.currency,
              walletAccountId: session.walletAccountId,
              stake,
              subunitToUnit,
              game: CRASH_GAME_IDENTITY,
              // An auto cash-out declares the most the bet can return; without one it is open-ended.
              ...(autoCashout === null ? {} : { potentialMultiplier: multiplierFromUnits(autoCashout, 2) }),
            };
            const balances = await moneyOf(session).stake(tx, money);
            const [row] = await tx.update(crashBets).set({ balanceBefore: balances.before }).where(eq(crashBets.id, betId)).returning();
            if (!session.demo && session.playerId) {
              const publications: { channel: string; data: unknown }[] = [{ channel: CRASH_CHANNEL, data: { event: CRASH_BET_EVENT, bet: crashPublicBetView(row!, await nicknameOf(tx, session.playerId)) } }];
              const account = await wallet.accountPublication(tx, session.playerId, session.walletAccountId!);
              if (account) publications.push(account);
              await realtime.publishMany(tx, publications);
            }
            return { bet: crashBetView(row!), balance: balances.after, replayed: false };
          }),
        );
      } catch (error) {
        if (error instanceof StakeRefusedError && session.playerId) await publishRefusal(session.playerId, error, { currency: session.currency, amount: request.amount });
        if (error instanceof BonusMaxBetError && session.playerId) await publishMaxBetRefusal(dependencies, session.playerId, error, CRASH_GAME_IDENTITY);
        throw error;
      }
    },

    async cashOut(sessionId, betId, caller) {
      const session = await loadSession(sessionId, caller);
      await precisionOf(session.currency);
      return withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const [found] = await tx.select({ roundId: crashBets.roundId, sessionId: crashBets.sessionId }).from(crashBets).where(eq(crashBets.id, betId));
          if (!found || found.sessionId !== session.id) throw notFound("This bet does not exist.");
          // Lock order everywhere: the round, then the bet.
          const [round] = await tx.select().from(crashRounds).where(eq(crashRounds.id, found.roundId)).for("share");
          const [bet] = await tx.select().from(crashBets).where(eq(crashBets.id, betId)).for("update");
          if (bet!.status === "cashed") return { bet: crashBetView(bet!), balance: bet!.balanceAfter!, replayed: true };
          if (bet!.status !== "active") throw new AppError("CONFLICT", "This bet is already over.");
          if (round!.status === "betting") throw new AppError("CONFLICT", "The round has not started yet.");
          const at = now();
          if (round!.status !== "running" || at >= crashInstant(round!)) throw new AppError("CONFLICT", "Too late: the round crashed before the cash-out.");
          const reached = crashMultiplierAt(at.getTime() - round!.startedAt!.getTime());
          // An auto cash-out target already passed was the bet's cash-out, whatever the loop's timing.
          const multiplier = Math.min(reached, bet!.autoCashout ?? reached, round!.crashPoint);
          await settle(tx, bet!, { status: "cashed", multiplier });
          const [ended] = await tx.select().from(crashBets).where(eq(crashBets.id, betId));
          return { bet: crashBetView(ended!), balance: ended!.balanceAfter!, replayed: false };
        }),
      );
    },
  };
}
