import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { SPORT_CASHOUT_MARGIN } from "@playfair/contracts/sport/bet-limits";
import type { BetKind, BetView } from "@playfair/contracts/sport/bets";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { AppError, notFound } from "../../../lib/app-error.ts";
import type { SecretStore } from "../../../lib/service-dependencies.ts";
import { withLedgerRetry } from "../../ledger/ledger.service.ts";
import { sportBetLegs, sportBets } from "../sport.schema.ts";
import { betKey, type BetMoney } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { betView, legsOfBets, lockBets, type CashOutOffer, type SportBetLegRow, type SportBetRow } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { closedReason, currentOdds, marketStateKey, readMarketStates, type MarketState } from "./market-states.ts";
import { applyFactor, betFactor, decimalFraction, divide, legFactor, multiply, type Fraction, type LegOutcome } from "./odds-math.ts";
import type { Bettor } from "./place-bet.ts";

// Cash-out (ADR 035): an accepted bet's value now, from the latest prices, less
// SPORT_CASHOUT_MARGIN. An open leg is worth its accepted odds over its current odds (the current
// price's implied chance times what the leg pays), a decided leg what its result pays. Any open
// leg's market closed (suspended, its producer down, its event over) offers nothing. The offer id
// signs the bet, the market versions it was priced on and the amount: accepting it re-prices the
// bet under its row lock and pays only if the same offer still stands, in one transaction with the
// settlement as `cashed_out`.

export const CASHOUT_SECRET_NAME = "sportsbook-cash-out-key";

/** What the player is offered of the bet's fair value: 1 - SPORT_CASHOUT_MARGIN. */
const AFTER_MARGIN: Fraction = (() => {
  const margin = decimalFraction(SPORT_CASHOUT_MARGIN);
  return { numerator: margin.denominator - margin.numerator, denominator: margin.denominator };
})();

export type CashOuts = {
  /** The offer standing now for a locked or freshly read accepted bet, or null. */
  offerFor(executor: DbExecutor, bet: SportBetRow, legs: readonly SportBetLegRow[], at: Date, states?: Map<string, MarketState>): Promise<CashOutOffer | null>;
  accept(bettor: Bettor, betId: string, offerId: string): Promise<BetView>;
};

export function createCashOuts(dependencies: { db: AppDatabase; now: () => Date; secrets: SecretStore; money: BetMoney; publications: BetPublications; precision: CurrencyPrecision }): CashOuts {
  const { db, now, secrets, money, publications, precision } = dependencies;

  async function sign(betId: string, versions: string, amount: string): Promise<string> {
    const key = await secrets.get(CASHOUT_SECRET_NAME);
    return createHmac("sha256", key).update(`${betId}|${versions}|${amount}`).digest("base64url");
  }

  /** The market versions a bet's open legs were priced on, as one short digest. */
  function versionsOf(legs: readonly SportBetLegRow[], states: Map<string, MarketState>): string {
    const text = legs
      .filter((leg) => leg.result === "open")
      .map((leg) => `${marketStateKey(leg)}@${states.get(marketStateKey(leg))!.version}`)
      .join(",");
    return createHash("sha256").update(text).digest("hex").slice(0, 16);
  }

  async function offerFor(executor: DbExecutor, bet: SportBetRow, legs: readonly SportBetLegRow[], at: Date, known?: Map<string, MarketState>): Promise<CashOutOffer | null> {
    if (bet.status !== "accepted") return null;
    const open = legs.filter((leg) => leg.result === "open");
    if (open.length === 0) return null;
    const states = known ?? (await readMarketStates(executor, open));
    const values: Fraction[] = [];
    for (const leg of legs) {
      if (leg.result !== "open") {
        values.push(legFactor(leg.result as Exclude<LegOutcome, "open">, leg.odds, leg.deadHeatFactor));
        continue;
      }
      const market = states.get(marketStateKey(leg));
      if (closedReason(market, leg.outcomeId, at)) return null;
      values.push(divide(decimalFraction(leg.odds), decimalFraction(currentOdds(market!, leg.outcomeId))));
    }
    const subunitToUnit = await precision(executor, bet.currency);
    const value = applyFactor(toMinorUnits(bet.stake, subunitToUnit), multiply(betFactor(bet.kind as BetKind, bet.systemSize, values), AFTER_MARGIN));
    if (value <= 0n) return null;
    const amount = fromMinorUnits(value, subunitToUnit);
    const versions = versionsOf(legs, states);
    return { amount, offerId: `${versions}.${amount}.${await sign(bet.id, versions, amount)}` };
  }

  return {
    offerFor,

    async accept(bettor, betId, offerId) {
      const [versions, amount, signature] = offerId.split(".").length === 4 ? joinAmount(offerId.split(".")) : offerId.split(".");
      const expected = versions && amount ? await sign(betId, versions, amount) : "";
      if (!signature || !safeEqual(signature, expected)) throw new AppError("VALIDATION_FAILED", "The given data was invalid.", { fieldErrors: { offerId: ["This cash-out offer is not valid."] } });
      const [owner] = await db.select({ playerId: sportBets.playerId, currency: sportBets.currency }).from(sportBets).where(eq(sportBets.id, betId));
      if (!owner || owner.playerId !== bettor.playerId) throw notFound("This bet does not exist.");
      await precision(db, owner.currency);
      return withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const [bet] = await lockBets(tx, [betId]);
          if (!bet || bet.status !== "accepted") throw new AppError("CONFLICT", "This bet can no longer be cashed out.", { reason: "betDecided" });
          const legs = await tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, bet.id)).orderBy(asc(sportBetLegs.position));
          const offer = await offerFor(tx, bet, legs, now());
          if (!offer) throw new AppError("CONFLICT", "Cash-out is not available while a market of this bet is suspended.", { reason: "marketSuspended" });
          if (offer.offerId !== offerId) throw new AppError("CONFLICT", "The cash-out offer has changed.", { reason: "oddsChanged" });
          const subunitToUnit = await precision(tx, bet.currency);
          await money.pay(tx, bet, toMinorUnits(amount!, subunitToUnit), subunitToUnit, { key: betKey(bet.id, "cash-out"), refund: false });
          const [cashed] = await tx
            .update(sportBets)
            .set({ status: "cashed_out", payout: amount!, settledAt: now() })
            .where(and(eq(sportBets.id, bet.id), eq(sportBets.status, "accepted")))
            .returning();
          await publications.publish(tx, [cashed!]);
          const withEvents = await legsOfBets(tx, [bet.id]);
          return betView(cashed!, withEvents.get(bet.id) ?? []);
        }),
      );
    },
  };
}

/** "<versions>.<whole>.<fraction>.<signature>": the amount's decimal point splits it once more. */
function joinAmount(parts: string[]): string[] {
  return [parts[0]!, `${parts[1]}.${parts[2]}`, parts[3]!];
}

function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}
