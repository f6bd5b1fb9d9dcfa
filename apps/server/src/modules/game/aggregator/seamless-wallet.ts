import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { PLAYER_STATUS } from "@playfair/contracts/constants";
import { GAME_BET_RESTRICTED_EVENT, GAME_BETS_CHANNEL, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { SPIN_EVENT } from "@playfair/contracts/game/play";
import { addAmounts, fromMinorUnits, subunitDecimals, toMinorUnits } from "@playfair/contracts/money";
import {
  SEAMLESS_WALLET_CALL_SCHEMAS,
  type BetCall,
  type RollbackCall,
  type SeamlessWalletAnswer,
  type SeamlessWalletCall,
  type WinCall,
} from "@playfair/contracts/game/seamless-wallet";
import type { DbExecutor } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";
import type { ServiceDependencies } from "../../../lib/service-dependencies.ts";
import { LedgerError, withLedgerRetry, type Ledger } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { RealtimeService } from "../../realtime/realtime.service.ts";
import type { SettingsService } from "../../settings/settings.service.ts";
import { verifyWebhookSignature } from "../../../lib/webhook-signature.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import { payoutCreditLegs } from "../play/split-legs.ts";
import { thirdPartySpin } from "../spins/spins-history.ts";
import type { FreespinPlay } from "../play/freespin-rounds.ts";
import { gameAggregatorRounds, gameAggregatorSessions, gameAggregatorTransactions } from "./aggregator.schema.ts";
import { createFreeRounds } from "./free-rounds.ts";
import { bonusStakeKeyOf, reverseStudioStake, studioRefundSplit } from "./seamless-bonus.ts";
import { createSeamlessStakes, Refusal, type MoneySession } from "./seamless-stakes.ts";

// Our seamless-wallet endpoints (ADR 022): what an aggregator calls to read a player's balance,
// take a stake, pay a result and undo a stake. Every call is verified on its raw body before it is
// parsed, and every movement is one database transaction holding the player's row lock, the ledger
// posting (its L4 key is the aggregator's transaction id), the round's state and the answer given,
// so a retry of the same transaction id, whenever it comes, gets the first answer back.

export const GENERATED_AGGREGATOR_SECRET = "game-aggregator-sandbox";

export type WalletCallResult = { httpStatus: 200 | 400 | 401 | 500; answer: SeamlessWalletAnswer };

export type SeamlessWallet = {
  /** The secrets a call's signature may be made with; the first signs the sandbox's calls and our launch addresses. */
  signingSecrets(): Promise<string[]>;
  /** One signed call of the protocol, answered in the protocol's own words. */
  handle(call: SeamlessWalletCall, rawBody: string, signature: string | undefined): Promise<WalletCallResult>;
};

function ledgerKeyOf(provider: string, transactionId: string): string {
  return `aggregator:${provider}:${transactionId}`;
}

function fingerprintOf(call: SeamlessWalletCall, body: Record<string, unknown>): string {
  const canonical = Object.keys(body)
    .sort()
    .map((key) => [key, body[key]]);
  return createHash("sha256").update(JSON.stringify([call, canonical])).digest("hex");
}

function isZero(amount: string): boolean {
  return /^0+(\.0+)?$/.test(amount);
}

export type SeamlessWalletDependencies = ServiceDependencies & {
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  settings: SettingsService;
  realtime: RealtimeService;
  /** Free spins played as a studio's free rounds (absent: marked calls are refused). */
  freespins?: FreespinPlay;
  /** Bonus money and wagering in the stakes and payouts (ADR 034). */
  wagering?: StakeWagering;
};

export function createSeamlessWallet(dependencies: SeamlessWalletDependencies): SeamlessWallet {
  const { db, config, logger, now, secrets, ledger, wallet, limits, settings, realtime, wagering } = dependencies;
  const freeRounds = dependencies.freespins ? createFreeRounds({ ...dependencies.freespins, ledger }) : null;
  const { checkStake, paidBet, freeBet } = createSeamlessStakes({ ledger, limits, wagering, freeRounds });


  /** The currency's subunitToUnit; an amount finer than its smallest unit would leave fractions of a cent in a balance. */
  async function assertCurrencyPrecision(amount: string | undefined, currency: string): Promise<string> {
    const known = (await settings.listCurrencies()).find((entry) => entry.code === currency);
    if (!known) throw new Refusal("WRONG_CURRENCY", `${currency} is not a currency of this casino.`);
    const decimals = amount?.split(".")[1]?.length ?? 0;
    if (decimals > subunitDecimals(known.subunitToUnit)) throw new Refusal("BAD_REQUEST", `${currency} amounts have at most ${subunitDecimals(known.subunitToUnit)} decimals.`);
    return known.subunitToUnit;
  }

  async function signingSecrets(): Promise<string[]> {
    return config.aggregator.secrets.length > 0 ? config.aggregator.secrets : [await secrets.get(GENERATED_AGGREGATOR_SECRET)];
  }

  /** What the game may stake: cash, plus the bonus balance while a casino bonus is active (ADR 034). */
  async function cashBalance(executor: DbExecutor, walletAccountId: string): Promise<string> {
    const balances = await ledger.balances(executor, [walletAccountId]);
    const cash = balances.get(walletAccountId)?.cash ?? "0";
    if (!wagering || !(await wagering.hasCasinoBonus(executor, walletAccountId))) return cash;
    const bonus = balances.get(walletAccountId)?.bonus ?? "0";
    // Both as the ledger stores them: summed at the finer of their two scales, exactly.
    const scale = Math.max(cash.split(".")[1]?.length ?? 0, bonus.split(".")[1]?.length ?? 0);
    return addAmounts(cash, bonus, `1${"0".repeat(scale)}`);
  }

  /** The session a call names, when it may move money now (bets) or still settle (wins, rollbacks). */
  async function moneySession(token: string, currency: string, forStake: boolean): Promise<MoneySession> {
    const [session] = await db.select().from(gameAggregatorSessions).where(eq(gameAggregatorSessions.token, token));
    if (!session || session.demo || !session.playerId || !session.walletAccountId) throw new Refusal("INVALID_SESSION", "Unknown session.");
    // A round started before the session expired may still be paid or rolled back after it.
    if (forStake && session.expiresAt <= now()) throw new Refusal("INVALID_SESSION", "The session has expired.");
    if (session.currency !== currency) throw new Refusal("WRONG_CURRENCY", `The session plays in ${session.currency}.`);
    return session as MoneySession;
  }

  /**
   * Locks the player's row for the rest of the transaction: every call of one player runs one after
   * the other, so a duplicate arriving while its twin is still writing waits and then replays it.
   */
  async function lockPlayer(executor: DbExecutor, playerId: string): Promise<number> {
    const rows = await executeRows<{ status: number }>(executor, sql`select status from players where id = ${playerId} for no key update`);
    return rows[0]?.status ?? PLAYER_STATUS.closed;
  }

  /** The answer given before under this transaction id, or a refusal when its parameters differ. */
  async function earlierAnswer(executor: DbExecutor, provider: string, transactionId: string, fingerprint: string): Promise<SeamlessWalletAnswer | null> {
    const [row] = await executor
      .select({ fingerprint: gameAggregatorTransactions.fingerprint, answer: gameAggregatorTransactions.answer })
      .from(gameAggregatorTransactions)
      .where(and(eq(gameAggregatorTransactions.provider, provider), eq(gameAggregatorTransactions.transactionId, transactionId)));
    if (!row) return null;
    if (row.fingerprint !== fingerprint) throw new Refusal("TRANSACTION_CONFLICT", "This transaction id was used with other parameters.");
    return row.answer as SeamlessWalletAnswer;
  }

  async function roundOf(executor: DbExecutor, session: MoneySession, roundId: string) {
    const [round] = await executor
      .select()
      .from(gameAggregatorRounds)
      .where(and(eq(gameAggregatorRounds.provider, session.provider), eq(gameAggregatorRounds.roundId, roundId)));
    if (round && round.playerId !== session.playerId) throw new Refusal("UNKNOWN_TRANSACTION", "This round belongs to another player.");
    return round ?? null;
  }

  /** Closes an open round (a closing call on a closed round keeps its first closing time). */
  async function closeRound(executor: DbExecutor, session: MoneySession, roundId: string): Promise<void> {
    await executor
      .update(gameAggregatorRounds)
      .set({ status: "closed", closedAt: now() })
      .where(and(eq(gameAggregatorRounds.provider, session.provider), eq(gameAggregatorRounds.roundId, roundId), eq(gameAggregatorRounds.status, "open")));
  }

  /**
   * The round as the spins history shows it, on `game:spins#{playerId}` with the originals' event
   * name, in the call's transaction (the outbox): sent when the round closes, and again when a
   * late rollback changes what a closed round paid back.
   */
  async function publishSpin(executor: DbExecutor, session: MoneySession, roundId: string): Promise<void> {
    const spin = await thirdPartySpin(executor, session.playerId, session.provider, roundId);
    if (!spin || spin.status === "open") return;
    // The session's token lets the game page that launched it add the round to its session bar (P11).
    await realtime.publish(executor, `game:spins#${session.playerId}`, { event: SPIN_EVENT, spin, sessionId: session.token });
  }

  async function record(
    executor: DbExecutor,
    session: MoneySession,
    entry: { kind: "bet" | "win" | "rollback"; call: BetCall | WinCall | RollbackCall; amount: string; fingerprint: string; answer: SeamlessWalletAnswer; ledgerKey: string | null; freespinId?: string | null },
  ): Promise<SeamlessWalletAnswer> {
    await executor.insert(gameAggregatorTransactions).values({
      provider: session.provider,
      transactionId: entry.call.transactionId,
      kind: entry.kind,
      roundId: entry.call.roundId,
      sessionToken: session.token,
      playerId: session.playerId,
      amount: entry.amount,
      currency: session.currency,
      referenceTransactionId: "referenceTransactionId" in entry.call ? entry.call.referenceTransactionId : null,
      fingerprint: entry.fingerprint,
      answer: entry.answer,
      ledgerKey: entry.ledgerKey,
      freespinId: entry.freespinId ?? null,
      createdAt: now(),
    });
    await wallet.publishAccount(executor, session.playerId, session.walletAccountId);
    return entry.answer;
  }

  function okAnswer(session: MoneySession, balance: string, walletTransactionId?: bigint): SeamlessWalletAnswer {
    return { status: "OK", balance, currency: session.currency, ...(walletTransactionId !== undefined ? { walletTransactionId: walletTransactionId.toString() } : {}) };
  }

  /** The cash leg's balance after a posting: the answer's balance without another read. */
  function cashAfter(legs: { accountId: bigint; balanceAfter: string }[], cashAccount: bigint): string {
    return legs.find((leg) => leg.accountId === cashAccount)?.balanceAfter ?? "0";
  }

  async function bet(session: MoneySession, call: BetCall, fingerprint: string, subunitToUnit: string): Promise<SeamlessWalletAnswer> {
    if (isZero(call.amount)) throw new Refusal("BAD_REQUEST", "A bet must be more than zero.");
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        const status = await lockPlayer(tx, session.playerId);
        const earlier = await earlierAnswer(tx, session.provider, call.transactionId, fingerprint);
        if (earlier) return earlier;
        const [rolledBack] = await tx
          .select({ transactionId: gameAggregatorTransactions.transactionId })
          .from(gameAggregatorTransactions)
          .where(
            and(
              eq(gameAggregatorTransactions.provider, session.provider),
              eq(gameAggregatorTransactions.referenceTransactionId, call.transactionId),
              eq(gameAggregatorTransactions.kind, "rollback"),
            ),
          );
        if (rolledBack) throw new Refusal("TRANSACTION_ROLLED_BACK", "This bet was rolled back before it arrived.");
        const round = await roundOf(tx, session, call.roundId);
        if (round?.status === "closed") throw new Refusal("ROUND_CLOSED", "This round is closed.");
        const freeReference = call.freeRoundsReference;
        // A free round stakes none of the player's money: no limit counts it (restricted mode still refuses it, in the take).
        if (!freeReference) await checkStake(tx, session, call, round === null);
        if (status !== PLAYER_STATUS.active) throw new Refusal("PLAYER_BLOCKED", "This player may not stake.", "blocked");
        const accounts = await ledger.playerAccounts(tx, session.walletAccountId, session.currency);
        const ledgerKey = ledgerKeyOf(session.provider, call.transactionId);
        const paid = freeReference ? null : await paidBet(tx, session, call, accounts, ledgerKey, subunitToUnit);
        const posted = paid ? paid.posted : await freeBet(tx, session, { ...call, freeRoundsReference: freeReference! }, ledgerKey);
        const split = paid?.split ?? null;
        if (!round) {
          await tx.insert(gameAggregatorRounds).values({
            provider: session.provider,
            roundId: call.roundId,
            sessionToken: session.token,
            playerId: session.playerId,
            gameCode: call.gameCode,
            status: call.roundClosed ? "closed" : "open",
            openedAt: now(),
            closedAt: call.roundClosed ? now() : null,
          });
        } else if (call.roundClosed) {
          await closeRound(tx, session, call.roundId);
        }
        let balance = freeReference ? await cashBalance(tx, session.walletAccountId) : split ? fromMinorUnits(split.cashBefore + split.bonusBefore - paid!.amount, subunitToUnit) : cashAfter(posted.legs, accounts.cash);
        if (split && call.roundClosed) {
          // Closed by its own bet: a lost round, its bonus may finish now.
          const settled = await wagering!.payout(tx, { stakeKey: bonusStakeKeyOf(session.provider, call.roundId), payout: 0n, subunitToUnit });
          if (settled) await wagering!.settle(tx, settled, { voided: false });
          balance = await cashBalance(tx, session.walletAccountId);
        } else if (split) {
          await wagering!.afterStake(tx, split);
        }
        const answer = okAnswer(session, balance, posted.transactionId);
        const recorded = await record(tx, session, { kind: "bet", call, amount: call.amount, fingerprint, answer, ledgerKey, freespinId: freeReference ?? null });
        if (call.roundClosed) await publishSpin(tx, session, call.roundId);
        return recorded;
      }),
    );
  }

  async function win(session: MoneySession, call: WinCall, fingerprint: string, subunitToUnit: string): Promise<SeamlessWalletAnswer> {
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        await lockPlayer(tx, session.playerId);
        const earlier = await earlierAnswer(tx, session.provider, call.transactionId, fingerprint);
        if (earlier) return earlier;
        const round = await roundOf(tx, session, call.roundId);
        // A round exists only once a bet of it was taken: a win cannot come first.
        if (!round) throw new Refusal("UNKNOWN_TRANSACTION", "This round has no bet.");
        if (round.status === "closed") throw new Refusal("ROUND_CLOSED", "This round is closed.");
        const accounts = await ledger.playerAccounts(tx, session.walletAccountId, session.currency);
        const amount = toMinorUnits(call.amount, subunitToUnit);
        // A round staked with bonus money pays pro rata to what its bets took from each balance.
        const paid = wagering ? await wagering.payout(tx, { stakeKey: bonusStakeKeyOf(session.provider, call.roundId), payout: amount, subunitToUnit }) : null;
        let answer: SeamlessWalletAnswer;
        let ledgerKey: string | null = null;
        // A free round's win belongs to the free spins it was played as, never to the balance.
        const freespinId = freeRounds ? await freeRounds.freeBetOf(tx, session.provider, call.roundId) : null;
        if ((freespinId ?? undefined) !== call.freeRoundsReference) throw new Refusal("FREE_ROUNDS_UNAVAILABLE", "This win does not match the round's free-round bet.");
        if (freespinId) {
          ledgerKey = isZero(call.amount) ? null : ledgerKeyOf(session.provider, call.transactionId);
          const posted = await freeRounds!.win(tx, session, call, freespinId, ledgerKeyOf(session.provider, call.transactionId));
          answer = okAnswer(session, await cashBalance(tx, session.walletAccountId), posted?.transactionId);
        } else if (isZero(call.amount)) {
          // A lost round's closing call: nothing moves.
          if (paid && call.roundClosed) await wagering!.settle(tx, paid, { voided: false });
          answer = okAnswer(session, await cashBalance(tx, session.walletAccountId));
        } else {
          const house = await ledger.houseAccount(tx, "game-house", session.currency);
          const budget = paid && paid.forfeited > 0n ? await ledger.houseAccount(tx, "bonus-budget", session.currency) : null;
          ledgerKey = ledgerKeyOf(session.provider, call.transactionId);
          const posted = await ledger.post(tx, {
            kind: "game-win",
            idempotencyKey: ledgerKey,
            legs: [{ accountId: house, amount: `-${call.amount}` }, ...payoutCreditLegs(accounts, amount, paid, budget, subunitToUnit)],
            metadata: { provider: session.provider, gameCode: call.gameCode, roundId: call.roundId, transactionId: call.transactionId, ...(paid ? { playerBonusId: paid.playerBonusId } : {}) },
          });
          if (paid && call.roundClosed) await wagering!.settle(tx, paid, { voided: false });
          answer = okAnswer(session, paid ? await cashBalance(tx, session.walletAccountId) : cashAfter(posted.legs, accounts.cash), posted.transactionId);
        }
        if (call.roundClosed) await closeRound(tx, session, call.roundId);
        const recorded = await record(tx, session, { kind: "win", call, amount: call.amount, fingerprint, answer, ledgerKey, freespinId });
        if (call.roundClosed) await publishSpin(tx, session, call.roundId);
        return recorded;
      }),
    );
  }

  async function rollback(session: MoneySession, call: RollbackCall, fingerprint: string, subunitToUnit: string): Promise<SeamlessWalletAnswer> {
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        await lockPlayer(tx, session.playerId);
        const earlier = await earlierAnswer(tx, session.provider, call.transactionId, fingerprint);
        if (earlier) return earlier;
        const provider = session.provider;
        const [original] = await tx
          .select()
          .from(gameAggregatorTransactions)
          .where(and(eq(gameAggregatorTransactions.provider, provider), eq(gameAggregatorTransactions.transactionId, call.referenceTransactionId)));
        if (original && (original.kind !== "bet" || original.playerId !== session.playerId)) {
          throw new Refusal("UNKNOWN_TRANSACTION", "The referenced transaction is not a bet of this player.");
        }
        const [earlierRollback] = original
          ? await tx
              .select({ transactionId: gameAggregatorTransactions.transactionId })
              .from(gameAggregatorTransactions)
              .where(
                and(
                  eq(gameAggregatorTransactions.provider, provider),
                  eq(gameAggregatorTransactions.referenceTransactionId, call.referenceTransactionId),
                  eq(gameAggregatorTransactions.kind, "rollback"),
                ),
              )
          : [];
        let answer: SeamlessWalletAnswer;
        let ledgerKey: string | null = null;
        let amount = "0";
        if (!original || earlierRollback) {
          // A bet we never took (it timed out on the way) or one already given back: recorded, so
          // the late bet is refused, and acknowledged so the aggregator stops retrying.
          answer = okAnswer(session, await cashBalance(tx, session.walletAccountId));
        } else {
          const accounts = await ledger.playerAccounts(tx, session.walletAccountId, session.currency);
          const house = await ledger.houseAccount(tx, "game-house", session.currency);
          const stake = await ledger.findTransaction(tx, original.ledgerKey ?? "");
          if (!stake) throw new Error(`the bet ${call.referenceTransactionId} has no ledger transaction`);
          amount = original.amount;
          const refund = toMinorUnits(original.amount, subunitToUnit);
          const paid = wagering ? await studioRefundSplit(wagering, tx, { session, roundId: call.roundId, refund, stakeMetadata: stake.metadata, subunitToUnit }) : null;
          const budget = paid && paid.forfeited > 0n ? await ledger.houseAccount(tx, "bonus-budget", session.currency) : null;
          ledgerKey = ledgerKeyOf(provider, call.transactionId);
          const metadata = { provider, gameCode: call.gameCode, roundId: call.roundId, transactionId: call.transactionId, reverses: call.referenceTransactionId };
          const posted =
            original.freespinId && freeRounds
              ? await freeRounds.refund(tx, { freespinId: original.freespinId, amount: original.amount, currency: session.currency, reverses: stake.id }, ledgerKey, metadata)
              : await ledger.post(tx, {
                  kind: "game-refund",
                  idempotencyKey: ledgerKey,
                  legs: [{ accountId: house, amount: `-${original.amount}` }, ...payoutCreditLegs(accounts, refund, paid, budget, subunitToUnit)],
                  reverses: stake.id,
                  metadata,
                });
          if (paid) await reverseStudioStake(wagering!, tx, { session, roundId: call.roundId, stakeAmount: original.amount, stakeMetadata: stake.metadata, subunitToUnit, roundClosed: call.roundClosed === true });
          if (paid && call.roundClosed) await wagering!.settle(tx, paid, { voided: false });
          answer = okAnswer(session, original.freespinId || paid ? await cashBalance(tx, session.walletAccountId) : cashAfter(posted.legs, accounts.cash), posted.transactionId);
        }
        const round = await roundOf(tx, session, call.roundId);
        if (call.roundClosed) await closeRound(tx, session, call.roundId);
        const recorded = await record(tx, session, { kind: "rollback", call, amount, fingerprint, answer, ledgerKey });
        // A rollback that closes the round, or gives money back on a round closed before, changes its row.
        if (round && (call.roundClosed || (round.status === "closed" && ledgerKey !== null))) await publishSpin(tx, session, call.roundId);
        return recorded;
      }),
    );
  }

  async function publishRestriction(session: MoneySession, call: BetCall, reason: GameBetRestrictedEvent["reason"], message: string): Promise<void> {
    const event: GameBetRestrictedEvent = { event: GAME_BET_RESTRICTED_EVENT, reason, message, provider: session.provider, gameCode: call.gameCode, currency: session.currency, amount: call.amount };
    await realtime.publish(db, `${GAME_BETS_CHANNEL}#${session.playerId}`, event).catch((error: unknown) => logger.warn({ err: error }, "game.bet.restricted not published"));
  }

  async function handle(call: SeamlessWalletCall, rawBody: string, signature: string | undefined): Promise<WalletCallResult> {
    const check = verifyWebhookSignature(rawBody, signature, await signingSecrets(), now());
    if (!check.ok) {
      logger.warn({ call, failure: check.failure }, "aggregator wallet call refused");
      return { httpStatus: 401, answer: { status: "INVALID_SIGNATURE", message: "The signature is not valid." } };
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      json = undefined;
    }
    const parsed = SEAMLESS_WALLET_CALL_SCHEMAS[call].safeParse(json);
    if (!parsed.success) return { httpStatus: 400, answer: { status: "BAD_REQUEST", message: "The body is not a valid call." } };
    const body = parsed.data;
    let session: MoneySession | undefined;
    try {
      session = await moneySession(body.token, body.currency, call === "balance" || call === "bet");
      // Read before any transaction: reference data is never loaded while one is open (PGlite has one connection).
      const subunitToUnit = await assertCurrencyPrecision("amount" in body && typeof body.amount === "string" ? body.amount : undefined, session.currency);
      const fingerprint = fingerprintOf(call, body);
      switch (call) {
        case "balance":
          return { httpStatus: 200, answer: okAnswer(session, await cashBalance(db, session.walletAccountId)) };
        case "bet":
          return { httpStatus: 200, answer: await bet(session, body as BetCall, fingerprint, subunitToUnit) };
        case "win":
          return { httpStatus: 200, answer: await win(session, body as WinCall, fingerprint, subunitToUnit) };
        case "rollback":
          return { httpStatus: 200, answer: await rollback(session, body as RollbackCall, fingerprint, subunitToUnit) };
      }
    } catch (error) {
      let refusal: Refusal | undefined = error instanceof Refusal ? error : undefined;
      if (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS") refusal = new Refusal("INSUFFICIENT_FUNDS", "The balance is not sufficient.");
      if (error instanceof LedgerError && error.code === "IDEMPOTENCY_CONFLICT") refusal = new Refusal("TRANSACTION_CONFLICT", "This transaction id was used with other parameters.");
      if (!refusal) {
        logger.error({ err: error, call }, "aggregator wallet call failed");
        return { httpStatus: 500, answer: { status: "INTERNAL_ERROR", message: "Try again later." } };
      }
      if (refusal.restriction && session && call === "bet") await publishRestriction(session, body as BetCall, refusal.restriction, refusal.message);
      if (refusal.maxBet && session && wagering) {
        await wagering.publishMaxBetRefusal(db, session.playerId, refusal.maxBet, (body as BetCall).gameCode).catch((error: unknown) => logger.warn({ err: error }, "game.bet.max.exceed not published"));
      }
      const balance = session && refusal.status !== "BAD_REQUEST" ? { balance: await cashBalance(db, session.walletAccountId), currency: session.currency } : {};
      return { httpStatus: refusal.status === "BAD_REQUEST" ? 400 : 200, answer: { status: refusal.status, message: refusal.message, ...balance } };
    }
  }

  return { signingSecrets, handle };
}
