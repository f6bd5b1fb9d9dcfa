import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { betRestrictedReasonOf, GAME_BET_RESTRICTED_EVENT, GAME_BETS_CHANNEL, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { compareAmounts, fromMinorUnits } from "@playfair/contracts/money";
import { SPORTSBOOK_GAME_IDENTITY, type BetView, type PlaceBetRequest } from "@playfair/contracts/sport/bets";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError, validationFailed } from "../../../lib/app-error.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import type { LimitsService } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import { sportBetLegs, sportBets } from "../sport.schema.ts";
import type { BetMoney } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { betView, legsOfBets } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { closedReason, currentOdds, marketStateKey, oddsUnderPolicy, readMarketStates } from "./market-states.ts";
import { applyFactor, betFactor, decimalFraction } from "./odds-math.ts";
import { assertMarketLimits } from "./market-limits.ts";
import { checkSlip, slipRefused, stakeLimitsOf } from "./slip-rules.ts";

// POST /api/sportsbook/bets (ADR 035, L4, P3). One transaction: the bet row first (a retry with the
// same key waits on its unique index, then replays the bet; another slip under it is a 409), the
// player's limits and exclusions (assertCanStake locks the player row, so one player's bets are
// counted one after another), the markets' status, versions and prices against the slip and the
// player's odds policy, the per-market and payout caps, then the stake held on the ledger. A
// pre-match bet is accepted there and then; a live one waits SPORT_LIVE_DELAY_MS as `pending`.

export type Bettor = { playerId: string; currency: string };

const REJECT_MESSAGES = {
  unknownSelection: "This selection is not offered.",
  marketSuspended: "This market is suspended.",
  eventStarted: "This event has started: its pre-match prices are closed.",
} as const;

export type BetPlacement = { place(bettor: Bettor, request: PlaceBetRequest): Promise<{ bet: BetView; replayed: boolean }> };

export function createBetPlacement(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  liveDelayMs: number;
  limits: Pick<LimitsService, "assertCanStake">;
  wallet: Pick<WalletService, "list">;
  realtime: RealtimePublisher;
  money: BetMoney;
  publications: BetPublications;
  precision: CurrencyPrecision;
}): BetPlacement {
  const { db, now, limits, wallet, money, publications, precision } = dependencies;

  /** What the player already stakes on each market in bets still standing. */
  async function stakedOnMarkets(executor: DbExecutor, playerId: string, betId: string, markets: { eventId: number; marketKey: string }[]): Promise<Map<string, string>> {
    const rows = await executor
      .select({ eventId: sportBetLegs.eventId, marketKey: sportBetLegs.marketKey, staked: sql<string>`sum(${sportBets.stake})::text` })
      .from(sportBetLegs)
      .innerJoin(sportBets, eq(sportBets.id, sportBetLegs.betId))
      .where(
        and(
          eq(sportBets.playerId, playerId),
          ne(sportBets.id, betId),
          inArray(sportBets.status, ["pending", "accepted"]),
          inArray(
            sportBetLegs.eventId,
            markets.map((market) => market.eventId),
          ),
        ),
      )
      .groupBy(sportBetLegs.eventId, sportBetLegs.marketKey);
    return new Map(rows.map((row) => [marketStateKey(row), row.staked]));
  }

  async function publishRefusal(playerId: string, refusal: AppError, request: PlaceBetRequest): Promise<void> {
    const event: GameBetRestrictedEvent = {
      event: GAME_BET_RESTRICTED_EVENT,
      reason: betRestrictedReasonOf(refusal.reason, refusal.code === "RESTRICTED_MODE" ? "selfExcluded" : "limitExceeded"),
      message: refusal.fieldErrors?.amount?.[0] ?? refusal.message,
      provider: "playfair",
      gameCode: SPORTSBOOK_GAME_IDENTITY,
      currency: request.currency,
      amount: request.stake,
    };
    try {
      await dependencies.realtime.publish(db, `${GAME_BETS_CHANNEL}#${playerId}`, event);
    } catch (error) {
      dependencies.logger.warn({ err: error }, "could not publish a refused sports bet");
    }
  }

  return {
    async place(bettor, request) {
      if (request.currency !== bettor.currency) throw validationFailed({ currency: ["Bets are placed in the currency the sportsbook was opened with."] });
      const account = (await wallet.list(bettor.playerId)).find((candidate) => candidate.currency === request.currency && candidate.status === 1);
      if (!account) throw validationFailed({ currency: ["You have no account in this currency."] });
      const subunitToUnit = await precision(db, request.currency);
      const stake = checkSlip(request, subunitToUnit);
      const amount = fromMinorUnits(stake, subunitToUnit);
      const caps = stakeLimitsOf(request.currency);
      const { idempotencyKey, ...slip } = request;
      const fingerprint = createHash("sha256").update(JSON.stringify({ ...slip, stake: amount })).digest("hex");
      let limitRefusal: AppError | null = null;

      try {
        return await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            limitRefusal = null;
            const at = now();
            const [inserted] = await tx
              .insert(sportBets)
              .values({
                id: randomUUID(),
                playerId: bettor.playerId,
                walletAccountId: account.id,
                currency: request.currency,
                idempotencyKey,
                slipFingerprint: fingerprint,
                kind: request.kind,
                systemSize: request.systemSize ?? null,
                stake: amount,
                potentialPayout: "0",
                oddsPolicy: request.oddsPolicy,
                isLive: false,
                status: "pending",
                placedAt: at,
              })
              .onConflictDoNothing({ target: [sportBets.playerId, sportBets.idempotencyKey] })
              .returning();
            if (!inserted) {
              const [existing] = await tx
                .select()
                .from(sportBets)
                .where(and(eq(sportBets.playerId, bettor.playerId), eq(sportBets.idempotencyKey, idempotencyKey)));
              if (!existing || existing.slipFingerprint !== fingerprint) throw new AppError("CONFLICT", "This idempotency key was already used with a different slip.");
              const legs = await legsOfBets(tx, [existing.id]);
              return { bet: betView(existing, legs.get(existing.id) ?? []), replayed: true };
            }

            try {
              await limits.assertCanStake(tx, { playerId: bettor.playerId, currency: request.currency, amount });
            } catch (error) {
              if (error instanceof AppError && (error.code === "VALIDATION_FAILED" || error.code === "RESTRICTED_MODE")) limitRefusal = error;
              throw error;
            }

            const states = await readMarketStates(tx, request.selections);
            const accepted = request.selections.map((selection) => {
              const market = states.get(marketStateKey(selection));
              const closed = closedReason(market, selection.outcomeId, at);
              if (closed) throw slipRefused(closed, "selections", REJECT_MESSAGES[closed as keyof typeof REJECT_MESSAGES] ?? REJECT_MESSAGES.marketSuspended);
              const odds = oddsUnderPolicy(request.oddsPolicy, selection.odds, currentOdds(market!, selection.outcomeId));
              if (!odds) throw slipRefused("oddsChanged", "selections", "The odds have changed.");
              return { selection, odds, market: market! };
            });

            const potential = applyFactor(
              stake,
              betFactor(
                request.kind,
                request.systemSize ?? null,
                accepted.map((leg) => decimalFraction(leg.odds)),
              ),
            );
            const potentialPayout = fromMinorUnits(potential, subunitToUnit);
            if (compareAmounts(potentialPayout, caps.maxPayout) > 0) throw slipRefused("payoutTooHigh", "stake", `A bet pays at most ${caps.maxPayout} ${request.currency}.`);
            const staked = await stakedOnMarkets(tx, bettor.playerId, inserted.id, request.selections);
            for (const selection of request.selections) {
              const already = staked.get(marketStateKey(selection)) ?? "0";
              if (compareAmounts(fromMinorUnits(stake + toMinor(already, subunitToUnit), subunitToUnit), caps.maxPerMarket) > 0) {
                throw slipRefused("stakeTooHigh", "stake", `You can stake at most ${caps.maxPerMarket} ${request.currency} on one market.`);
              }
            }
            const totals = accepted.map(({ selection, market }) => ({ eventId: selection.eventId, marketTypeId: market.marketTypeId, total: fromMinorUnits(stake + toMinor(staked.get(marketStateKey(selection)) ?? "0", subunitToUnit), subunitToUnit) }));
            await assertMarketLimits(tx, request.currency, totals);

            await money.hold(tx, inserted);
            const isLive = accepted.some((leg) => leg.market.eventStatus === "live");
            await tx.insert(sportBetLegs).values(
              accepted.map((leg, position) => ({
                betId: inserted.id,
                position,
                eventId: leg.selection.eventId,
                marketKey: leg.selection.marketKey,
                outcomeId: leg.selection.outcomeId,
                odds: leg.odds,
                marketVersion: leg.market.version,
              })),
            );
            const [bet] = await tx
              .update(sportBets)
              .set(isLive ? { potentialPayout, isLive, decideAt: new Date(at.getTime() + dependencies.liveDelayMs) } : { potentialPayout, isLive, status: "accepted", acceptedAt: at })
              .where(eq(sportBets.id, inserted.id))
              .returning();
            await publications.publish(tx, [bet!]);
            const legs = await legsOfBets(tx, [bet!.id]);
            return { bet: betView(bet!, legs.get(bet!.id) ?? []), replayed: false };
          }),
        );
      } catch (error) {
        if (limitRefusal) await publishRefusal(bettor.playerId, limitRefusal, request);
        throw error;
      }
    },
  };
}

/** A NUMERIC sum (any scale) in the currency's minor units, rounded toward zero: stakes are in minor units already. */
function toMinor(amount: string, subunitToUnit: string): bigint {
  const decimals = subunitToUnit.length - 1;
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
}
