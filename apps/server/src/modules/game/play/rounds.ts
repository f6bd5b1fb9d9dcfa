import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import {
  ALGORITHM_VERSION,
  FloatStream,
  minesMultiplier,
  placeMines,
  playBlackjackSteps,
  playRound,
  seedHash,
  settleMines,
  type GameOutcome,
  type MinesParams,
} from "@playfair/fairness";
import { type PlaceRoundRequest, type Round, type RoundActionRequest, type SeedGame } from "@playfair/contracts/game/play";
import { compareAmounts, fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { DbExecutor } from "../../../db/database.ts";
import { violatedUniqueIndex } from "../../../db/sql-errors.ts";
import { AppError, notFound, validationFailed } from "../../../lib/app-error.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import { isBigWin, potentialMultiplierOf, prepareParams, settlementOf } from "./bets.ts";
import { createBlackjackSteps, openBlackjackOutcome } from "./blackjack-steps.ts";
import { gameRounds, gameSeeds, gameSessions, type GameRoundRow, type GameSeedRow, type GameSessionRow } from "./game-play.schema.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import { endRound, insertRound, newRoundRow, openPaidRound, type OpenedRound } from "./round-statements.ts";
import { assertSessionOpen, callersSession, sessionNotFound } from "./game-sessions.ts";
import { originalGame, type OriginalGame } from "./originals.ts";
import { BonusMaxBetError } from "../../bonus/bonus-wagering.ts";
import { publishMaxBetRefusal, publishStakeRefusal, requestFingerprint, StakeRefusedError, type MoneyRound, type RoundMoney, type StakingDependencies } from "./round-money.ts";
import type { FreespinRoundMoney } from "./freespin-rounds.ts";
import { createRoundPublications } from "./round-publications.ts";
import { roundView } from "./round-views.ts";
import type { SeedStore } from "./seeds.ts";

// Rounds of the originals (F3, L4, L5, P3). One database transaction per step:
// - a single-step game (dice, limbo, roulette, plinko, keno, the slot with its free spins) inserts
//   its round, takes the nonce, checks the limits, posts the stake, plays, posts the payout and
//   marks the round settled, all in one transaction: it commits whole or not at all;
// - mines starts in one transaction (stake posted, mines placed from the seeds, round open), then
//   each reveal and the cash-out is a transaction of its own on the locked round row;
// - blackjack deals in the first transaction (settled at once on a blackjack), then each action is
//   a transaction of its own on the locked round row: a double or a split posts its extra stake
//   there, through the limits, and the last action settles every stake of the round at once.

/** Who plays: the player (null for a guest's demo) and the request's visitor country (jurisdiction profiles, P11). */
export type Caller = { playerId: string | null; country?: string | null };

export type RoundAnswer = { round: Round; balance: string; replayed: boolean };

export type PlayFaults = {
  /** Runs after a round's stake was posted, inside its transaction (fault-injection tests throw here). */
  afterStake?(roundId: string): void | Promise<void>;
};

export type RoundService = {
  place(sessionId: string, caller: Caller, request: PlaceRoundRequest, idempotencyKey?: string): Promise<RoundAnswer>;
  act(sessionId: string, roundId: string, caller: Caller, action: RoundActionRequest): Promise<RoundAnswer>;
  /**
   * Ends an open round the way recovery decides (P8): cash out a mines round with safe reveals,
   * stand every unfinished blackjack hand and let the dealer play out, void anything else.
   */
  recover(roundId: string): Promise<"settled" | "voided" | "none">;
  /**
   * The round a player left open (a mines board mid-play, a blackjack hand), to pick up after a
   * reload: for a real session, the caller's newest open round of its game and currency, whichever
   * of their sessions it was placed in (each launch opens a new one); for a demo session, its own,
   * with the session's play-money balance. Only what the round's answers show: the mines stay hidden.
   */
  openRound(sessionId: string, caller: Caller): Promise<{ round: Round | null; balance: string | null }>;
};

type RoundsDependencies = StakingDependencies & {
  seeds: SeedStore;
  /** The limits' stake gate, folded into a paid round's first statement (ADR 039). */
  stakeGateQuery: LimitsService["stakeGateQuery"];
  faults?: PlayFaults;
  /** Rounds played as a free spin (absent: a round naming one is refused). */
  freespinMoney?: FreespinRoundMoney;
};

type Seeds = { seedId: string | null; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };

export function createRoundService(dependencies: RoundsDependencies): RoundService {
  const { db, now, seeds, realtime, wallet, precisionOf, knownPrecision, faults, stakeGateQuery } = dependencies;
  const { accountColumn, accountIdsOf, publishSettled, publishBalance } = createRoundPublications({ realtime, wallet });

  function gameOf(session: GameSessionRow): OriginalGame {
    const game = originalGame(session.gameIdentity);
    if (!game) throw sessionNotFound();
    return game;
  }

  function moneyOf(session: { demo: boolean }): RoundMoney {
    return session.demo ? dependencies.demoMoney : dependencies.realMoney;
  }

  /** The seeds the round draws from, its nonce taken: the player's (real) or the demo session's. */
  async function takeSeeds(executor: DbExecutor, session: GameSessionRow, game: SeedGame): Promise<Seeds> {
    if (session.demo) {
      const [row] = await executor.select().from(gameSessions).where(eq(gameSessions.id, session.id)).for("update");
      const nonce = row!.demoNonce ?? 0;
      await executor.update(gameSessions).set({ demoNonce: nonce + 1 }).where(eq(gameSessions.id, session.id));
      return { seedId: null, serverSeed: row!.demoServerSeed!, serverSeedHash: seedHash(row!.demoServerSeed!), clientSeed: row!.demoClientSeed!, nonce };
    }
    return seedsOf(await seeds.takeNonce(executor, session.playerId!, game));
  }

  function seedsOf(seed: GameSeedRow): Seeds {
    return { seedId: seed.id, serverSeed: seed.serverSeed, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
  }

  async function serverSeedOf(executor: DbExecutor, row: GameRoundRow): Promise<string> {
    if (row.seedId) {
      const [seed] = await executor.select({ serverSeed: gameSeeds.serverSeed }).from(gameSeeds).where(eq(gameSeeds.id, row.seedId));
      return seed!.serverSeed;
    }
    const [session] = await executor.select({ serverSeed: gameSessions.demoServerSeed }).from(gameSessions).where(eq(gameSessions.id, row.sessionId));
    return session!.serverSeed!;
  }

  function moneyRound(row: GameRoundRow, subunitToUnit: string): MoneyRound {
    return {
      roundId: row.id,
      playerId: row.playerId,
      sessionId: row.sessionId,
      currency: row.currency,
      walletAccountId: row.walletAccountId,
      stake: toMinorUnits(row.stake, subunitToUnit),
      subunitToUnit,
      game: row.gameIdentity,
    };
  }

  /** Moves an open round to settled or voided, pays or refunds, and publishes: the one way a round ends. */
  async function finish(
    executor: DbExecutor,
    row: GameRoundRow,
    end: { voided: true } | { voided: false; outcome: Record<string, unknown>; payout: bigint; multiplier: string; params?: Record<string, unknown> },
    settled: {
      /** Columns of `row` not written yet (a single-step round's seeds): the settling update writes them too. */
      unwritten?: Partial<GameRoundRow>;
      /** The balance after the payout, when the caller already posted it (a single-step round). */
      balanceAfter?: string;
    } = {},
  ): Promise<{ row: GameRoundRow; balance: string }> {
    const subunitToUnit = knownPrecision(row.currency);
    const money = moneyRound(row, subunitToUnit);
    const balance = settled.balanceAfter ?? (await moneyOf(row).resolve(executor, money, end.voided ? { payout: 0n, voided: true } : { payout: end.payout, voided: false }));
    const settledAt = now();
    const changes = end.voided
      ? { status: "voided", payout: fromMinorUnits(money.stake, subunitToUnit), multiplier: null, balanceAfter: balance, settledAt, hidden: null }
      : {
          status: "settled",
          outcome: end.outcome,
          payout: fromMinorUnits(end.payout, subunitToUnit),
          multiplier: end.multiplier,
          isBigWin: !row.demo && end.payout > money.stake && isBigWin(end.multiplier),
          balanceAfter: balance,
          settledAt,
          hidden: null,
          ...(end.params ? { params: end.params } : {}),
        };
    const columns = { ...settled.unwritten, ...changes };
    // The account's view after the money moved comes back with the settled row, for the publication.
    const ended = await endRound(executor, row.id, columns, { ids: accountIdsOf(row), column: accountColumn });
    // The row was locked by the caller: it is still open, or the caller's check was wrong.
    if (!ended) throw new Error(`round ${row.id} was not open when it ended`);
    const { account, ...updated } = ended;
    await publishSettled(executor, updated, account);
    return { row: updated, balance };
  }

  async function lockRound(executor: DbExecutor, roundId: string): Promise<GameRoundRow | undefined> {
    const [row] = await executor.select().from(gameRounds).where(eq(gameRounds.id, roundId)).for("update");
    return row;
  }

  async function settleMinesRound(executor: DbExecutor, row: GameRoundRow, params: MinesParams) {
    const serverSeed = await serverSeedOf(executor, row);
    // The final outcome comes from the same function the verifier runs.
    const { outcome } = playRound("mines", { serverSeed, clientSeed: row.clientSeed, nonce: row.nonce, cursor: row.cursor, params, algorithmVersion: row.algorithmVersion });
    const subunitToUnit = knownPrecision(row.currency);
    const stake = toMinorUnits(row.stake, subunitToUnit);
    const game = originalGame(row.gameIdentity)!;
    const { payout, multiplier } = settlementOf(game, params as unknown as Record<string, unknown>, outcome, stake, subunitToUnit);
    return finish(executor, row, { voided: false, outcome: outcome as unknown as Record<string, unknown>, payout, multiplier, params: params as unknown as Record<string, unknown> });
  }

  const blackjack = createBlackjackSteps({ knownPrecision, serverSeedOf, moneyOf, moneyRound, finish, publishBalance });

  /** One action on a locked round row, in the caller's transaction. */
  async function actOn(tx: DbExecutor, session: GameSessionRow, roundId: string, action: RoundActionRequest): Promise<RoundAnswer> {
    const row = await lockRound(tx, roundId);
    if (!row || row.sessionId !== session.id) throw notFound("This round does not exist.");
    if (row.game === "blackjack") return blackjack.act(tx, row, action);
    if (row.status !== "open") throw new AppError("CONFLICT", "This round is already over.");
    if (row.game !== "mines") throw new AppError("CONFLICT", "This round takes no actions.");
    if (action.action !== "reveal" && action.action !== "cashout") throw validationFailed({ action: ["Reveal a tile or cash out."] });
    const params = row.params as unknown as MinesParams;
    if (action.action === "cashout") {
      if (params.reveals.length === 0) throw validationFailed({ action: ["Reveal at least one tile before cashing out."] });
      const ended = await settleMinesRound(tx, row, params);
      return { round: roundView(ended.row), balance: ended.balance, replayed: false };
    }
    if (action.tile === undefined) throw validationFailed({ tile: ["Choose a tile to reveal."] });
    if (params.reveals.includes(action.tile)) throw validationFailed({ tile: ["This tile is already revealed."] });
    const next: MinesParams = { mines: params.mines, reveals: [...params.reveals, action.tile] };
    const minePositions = (row.hidden as { minePositions: number[] }).minePositions;
    const progress = settleMines(minePositions, next);
    const hitMine = progress.steps.at(-1)?.safe === false;
    const boardCleared = !hitMine && next.reveals.length === 25 - next.mines;
    if (hitMine || boardCleared) {
      const ended = await settleMinesRound(tx, row, next);
      return { round: roundView(ended.row), balance: ended.balance, replayed: false };
    }
    const [updated] = await tx
      .update(gameRounds)
      .set({ params: next as unknown as Record<string, unknown>, outcome: { steps: progress.steps, nextMultiplier: minesMultiplier(next.mines, next.reveals.length + 1) } })
      .where(eq(gameRounds.id, row.id))
      .returning();
    const balance = await moneyOf(row).balance(tx, moneyRound(row, knownPrecision(row.currency)));
    return { round: roundView(updated!), balance, replayed: false };
  }

  async function publishRefusal(playerId: string, refusal: StakeRefusedError, stake: { game: string; currency: string; amount?: string }): Promise<void> {
    try {
      await publishStakeRefusal(realtime, db, playerId, refusal, stake);
    } catch (error) {
      dependencies.logger.warn({ err: error }, "could not publish a refused stake");
    }
  }

  return {
    async place(sessionId, caller, request, idempotencyKey) {
      const session = await callersSession(db, sessionId, caller);
      const game = gameOf(session);
      assertSessionOpen(session, now());
      const subunitToUnit = await precisionOf(session.currency);
      let stake: bigint;
      try {
        stake = toMinorUnits(request.amount, subunitToUnit);
      } catch {
        throw validationFailed({ amount: [`The amount has more decimals than ${session.currency} allows.`] });
      }
      const range = game.stakes[session.currency];
      if (!range) throw validationFailed({ amount: [`This game is not played in ${session.currency}.`] });
      const amount = fromMinorUnits(stake, subunitToUnit);
      const freespinId = request.freespinId ?? null;
      // A free spin's stake is the operator's spin value, checked against the free spin in the transaction.
      if (freespinId && (session.demo || game.multiStep || !dependencies.freespinMoney)) throw validationFailed({ freespinId: ["Free spins are not played in this game session."] });
      if (!freespinId && (compareAmounts(amount, range.min) < 0 || compareAmounts(amount, range.max) > 0)) {
        throw validationFailed({ amount: [`The stake must be from ${range.min} to ${range.max} ${session.currency}.`] });
      }
      const params = prepareParams(game, request.params, stake, subunitToUnit);
      const fingerprint = requestFingerprint({ amount, params: request.params, ...(freespinId ? { freespinId } : {}) });

      try {
        return await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            const roundId = randomUUID();
            const createdAt = now();
            // The round row comes first: a concurrent retry under the same key waits on its unique
            // index here, then finds this round and replays it (L4).
            const values = newRoundRow(session, game, { id: roundId, params, amount, idempotencyKey: idempotencyKey ?? null, fingerprint, freespinId, createdAt });
            // A paid round checks the limits before its stake: its gate comes with the row and the nonce.
            const opened: OpenedRound =
              session.demo || freespinId
                ? { row: await insertRound(tx, values), seed: null, gate: null }
                : await openPaidRound(tx, { ...values, playerId: session.playerId! }, {
                    seedGame: game.fairnessGame,
                    visitorCountry: caller.country ?? null,
                    stakeGateQuery,
                    ...(dependencies.wagering ? { activeBonusQuery: dependencies.wagering.activeBonusQuery } : {}),
                  });
            if (!opened.row) {
              const [existing] = await tx
                .select()
                .from(gameRounds)
                .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.idempotencyKey, idempotencyKey!)));
              if (!existing || existing.requestFingerprint !== fingerprint) throw new AppError("CONFLICT", "This idempotency key was already used with different parameters.");
              return { round: roundView(existing), balance: existing.balanceAfter ?? existing.balanceBefore, replayed: true };
            }

            const roundSeeds = opened.seed ? seedsOf(opened.seed) : await takeSeeds(tx, session, game.fairnessGame);
            const money: MoneyRound = {
              roundId,
              playerId: session.playerId,
              sessionId: session.id,
              currency: session.currency,
              walletAccountId: session.walletAccountId,
              stake,
              subunitToUnit,
              game: game.identity,
              visitorCountry: caller.country ?? null,
              ...potentialMultiplierOf(game, params),
              ...(opened.gate ? { gate: opened.gate } : {}),
              ...(opened.activeBonus === undefined ? {} : { activeBonus: opened.activeBonus }),
            };
            const seedColumns = (balanceBefore: string) => ({ seedId: roundSeeds.seedId, serverSeedHash: roundSeeds.serverSeedHash, clientSeed: roundSeeds.clientSeed, nonce: roundSeeds.nonce, balanceBefore });

            if (!game.multiStep) {
              // The seeds fix the outcome before any money moves: the stake and the payout are posted
              // together (after the limits), and the settling update writes the seeds with the result.
              const { outcome } = playRound(game.fairnessGame, { ...roundSeeds, cursor: 0, params, algorithmVersion: ALGORITHM_VERSION });
              const { payout, multiplier } = settlementOf(game, params, outcome as GameOutcome<SeedGame>, stake, subunitToUnit);
              const balances = freespinId ? await dependencies.freespinMoney!.stakeAndSettle(tx, money, payout, freespinId) : await moneyOf(session).stakeAndSettle(tx, money, payout);
              await faults?.afterStake?.(roundId);
              const seedsColumns = seedColumns(balances.before);
              const ended = await finish(tx, { ...opened.row, ...seedsColumns }, { voided: false, outcome: outcome as unknown as Record<string, unknown>, payout, multiplier }, { unwritten: seedsColumns, balanceAfter: balances.after });
              return { round: roundView(ended.row), balance: ended.balance, replayed: false };
            }

            const balances = await moneyOf(session).stake(tx, money);
            await faults?.afterStake?.(roundId);

            const seedsColumns = seedColumns(balances.before);
            if (game.fairnessGame === "mines") {
              const minePositions = placeMines(new FloatStream(roundSeeds, 0), params.mines as number);
              const [row] = await tx
                .update(gameRounds)
                .set({ ...seedsColumns, hidden: { minePositions }, outcome: { steps: [] } })
                .where(eq(gameRounds.id, roundId))
                .returning();
              await publishBalance(tx, row!);
              return { round: roundView(row!), balance: balances.after, replayed: false };
            }

            if (game.fairnessGame === "blackjack") {
              const dealt = playBlackjackSteps(new FloatStream(roundSeeds, 0), []);
              const [row] = await tx
                .update(gameRounds)
                .set({ ...seedsColumns, ...(dealt.finished ? {} : { outcome: openBlackjackOutcome(dealt) }) })
                .where(eq(gameRounds.id, roundId))
                .returning();
              // A blackjack on either side ends the round with the deal.
              if (dealt.finished) {
                const ended = await blackjack.settle(tx, row!, [], roundSeeds.serverSeed);
                return { round: roundView(ended.row), balance: ended.balance, replayed: false };
              }
              await publishBalance(tx, row!);
              return { round: roundView(row!), balance: balances.after, replayed: false };
            }
            throw new Error(`no way to start a multi-step round of ${game.fairnessGame}`);
          }),
        );
      } catch (error) {
        if (error instanceof StakeRefusedError && session.playerId) await publishRefusal(session.playerId, error, { game: session.gameIdentity, currency: session.currency, amount: request.amount });
        if (error instanceof BonusMaxBetError && session.playerId) await publishMaxBetRefusal(dependencies, session.playerId, error, session.gameIdentity);
        if (violatedUniqueIndex(error)?.startsWith("game_rounds_one_open")) throw new AppError("CONFLICT", "A round of this game is still in play; finish it first.", { cause: error });
        throw error;
      }
    },

    async act(sessionId, roundId, caller, action) {
      const session = await callersSession(db, sessionId, caller);
      await precisionOf(session.currency);
      try {
        return await withLedgerRetry(() => db.transaction((tx) => actOn(tx, session, roundId, action)));
      } catch (error) {
        if (error instanceof StakeRefusedError && session.playerId) await publishRefusal(session.playerId, error, { game: session.gameIdentity, currency: session.currency });
        if (error instanceof BonusMaxBetError && session.playerId) await publishMaxBetRefusal(dependencies, session.playerId, error, session.gameIdentity);
        throw error;
      }
    },

    async openRound(sessionId, caller) {
      const session = await callersSession(db, sessionId, caller);
      gameOf(session);
      const whose = session.demo
        ? eq(gameRounds.sessionId, session.id)
        : and(eq(gameRounds.playerId, session.playerId!), eq(gameRounds.demo, false), eq(gameRounds.gameIdentity, session.gameIdentity), eq(gameRounds.currency, session.currency));
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(whose, eq(gameRounds.status, "open")))
        .orderBy(desc(gameRounds.createdAt))
        .limit(1);
      const subunitToUnit = await precisionOf(session.currency);
      const balance = session.demo ? fromMinorUnits(toMinorUnits(session.demoBalance ?? "0", subunitToUnit), subunitToUnit) : null;
      return { round: row ? roundView(row) : null, balance };
    },

    async recover(roundId) {
      const [round] = await db.select({ currency: gameRounds.currency }).from(gameRounds).where(eq(gameRounds.id, roundId));
      if (!round) return "none";
      await precisionOf(round.currency);
      return withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const row = await lockRound(tx, roundId);
          if (!row || row.status !== "open") return "none" as const;
          if (row.game === "blackjack") {
            // Never voided: the cards were fixed by the seeds, so each hand left stands and the dealer plays out.
            const serverSeed = await serverSeedOf(tx, row);
            await blackjack.standAll(tx, row, serverSeed);
            return "settled" as const;
          }
          const params = row.params as unknown as Partial<MinesParams>;
          if (row.game === "mines" && (params.reveals?.length ?? 0) > 0) {
            await settleMinesRound(tx, row, params as MinesParams);
            return "settled" as const;
          }
          await finish(tx, row, { voided: true });
          return "voided" as const;
        }),
      );
    },
  };
}
