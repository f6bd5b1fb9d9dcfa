import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { betRestrictedReasonOf, GAME_BET_RESTRICTED_EVENT, GAME_BETS_CHANNEL, type GameBetRestrictedEvent } from "@playfair/contracts/game/bet-restricted";
import { compareAmounts, fromMinorUnits } from "@playfair/contracts/money";
import { SPORTSBOOK_GAME_IDENTITY, type BetView, type PlaceBetRequest } from "@playfair/contracts/sport/bets";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../../db/database.ts";
import { executeNamedText } from "../../../db/sql-rows.ts";
import { AppError, validationFailed } from "../../../lib/app-error.ts";
import { withLedgerRetry, type PostCall } from "../../ledger/ledger.service.ts";
import type { LimitsService, StatementAhead } from "../../limits/limits.service.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import { accountSnapshotText, withBalancesAfter, type AccountSnapshot } from "../../wallet/wallet.service.ts";
import { sportBets } from "../sport.schema.ts";
import type { BetMoney } from "./bet-money.ts";
import type { BetPublications } from "./bet-publications.ts";
import { BET_COLUMNS_TEXT, betRowOf, betView, legsOfBets, type BetDriverRow, type LegWithEvent } from "./bet-views.ts";
import type { CurrencyPrecision } from "./currency-precision.ts";
import { closedReason, currentOdds, marketStateKey, oddsUnderPolicy } from "./market-states.ts";
import { applyFactor, betFactor, decimalFraction } from "./odds-math.ts";
import { assertMarketLimit } from "./market-limits.ts";
import { readSlipMarkets } from "./slip-markets.ts";
import { checkSlip, slipRefused, stakeLimitsOf } from "./slip-rules.ts";

// POST /api/sportsbook/bets (ADR 035, L4, P3). One transaction: the bet row first, in the player's
// active account of the currency (a retry with the same key waits on its unique index, then replays
// the bet; another slip under it is a 409), in the same statement the player's limits and exclusions
// (assertCanStakeAfter locks the player row, so one player's bets are counted one after another),
// then in one read the markets' status, versions and prices against the slip and the player's odds
// policy with the player's stakes on them and the operator's limits, the per-market and payout caps,
// then the stake held on the ledger, and the legs written with the bet's decision. A pre-match bet is
// accepted there and then; a live one waits SPORT_LIVE_DELAY_MS as `pending`. Seven round trips: the
// five between BEGIN and COMMIT are named statements PostgreSQL plans once per connection (ADR 038).

export type Bettor = { playerId: string; currency: string };

const NO_ACCOUNT_MESSAGE = "You have no account in this currency.";
/** `wallet_accounts.status` of an account that takes stakes. */
const ACTIVE_ACCOUNT = 1;

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
  limits: Pick<LimitsService, "assertCanStakeAfter">;
  realtime: RealtimePublisher;
  money: BetMoney;
  publications: BetPublications;
  precision: CurrencyPrecision;
}): BetPlacement {
  const { db, now, limits, money, publications, precision } = dependencies;

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

  /** A retry under a key already used: the same bet, or 409 for another slip; no key at all means the player has no account to bet from. */
  async function replay(executor: DbExecutor, bettor: Bettor, idempotencyKey: string, fingerprint: string): Promise<{ bet: BetView; replayed: boolean }> {
    const [existing] = await executor
      .select()
      .from(sportBets)
      .where(and(eq(sportBets.playerId, bettor.playerId), eq(sportBets.idempotencyKey, idempotencyKey)));
    if (!existing) throw validationFailed({ currency: [NO_ACCOUNT_MESSAGE] });
    if (existing.slipFingerprint !== fingerprint) throw new AppError("CONFLICT", "This idempotency key was already used with a different slip.");
    const legs = await legsOfBets(executor, [existing.id]);
    return { bet: betView(existing, legs.get(existing.id) ?? []), replayed: true };
  }

  return {
    async place(bettor, request) {
      if (request.currency !== bettor.currency) throw validationFailed({ currency: ["Bets are placed in the currency the sportsbook was opened with."] });
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
            const betId = randomUUID();
            // The bet row and the player's stake gate in one round trip, the row first (ADR 038).
            let walletAccountId: string | null;
            try {
              walletAccountId = await limits.assertCanStakeAfter(
                tx,
                { playerId: bettor.playerId, currency: request.currency, amount },
                insertPendingBet({ id: betId, bettor, request, fingerprint, amount, at }),
              );
            } catch (error) {
              if (error instanceof AppError && (error.code === "VALIDATION_FAILED" || error.code === "RESTRICTED_MODE")) limitRefusal = error;
              throw error;
            }
            if (!walletAccountId) return replay(tx, bettor, idempotencyKey, fingerprint);

            // Read after the player's lock: prices as they are now, and stakes no other bet of theirs can change meanwhile.
            const markets = await readSlipMarkets(tx, bettor, request.selections);
            const accepted = request.selections.map((selection) => {
              const market = markets.get(marketStateKey(selection));
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
            for (const { market } of accepted) {
              const total = fromMinorUnits(stake + toMinor(market.staked, subunitToUnit), subunitToUnit);
              if (compareAmounts(total, caps.maxPerMarket) > 0) throw slipRefused("stakeTooHigh", "stake", `You can stake at most ${caps.maxPerMarket} ${request.currency} on one market.`);
              assertMarketLimit(total, market.maxStake, request.currency);
            }

            const isLive = accepted.some((leg) => leg.market.eventStatus === "live");
            const legs: LegWithEvent[] = accepted.map(({ selection, odds, market }, position) => ({
              betId,
              position,
              eventId: selection.eventId,
              marketKey: selection.marketKey,
              outcomeId: selection.outcomeId,
              odds,
              marketVersion: market.version,
              result: "open",
              deadHeatFactor: null,
              cancelledBy: null,
              cancelReason: null,
              // Read with the markets: the answer and the publication need no read of the legs' events.
              eventName: market.eventName,
              sportId: market.sportId,
              startsAt: market.startsAt,
            }));
            // The stake held, the legs written and the bet decided in one statement, named by what
            // changes its text; it reads the account for the account's publication too.
            // A pre-match bet is accepted now; a live one is decided when its delay ends.
            const decidedAt = isLive ? new Date(at.getTime() + dependencies.liveDelayMs) : at;
            const legParams = legs.flatMap((leg) => [leg.eventId, leg.marketKey, leg.outcomeId, leg.odds, leg.marketVersion]);
            const [decided] = await money.holdWithin(tx, { id: betId, walletAccountId, currency: request.currency, stake: amount }, (hold) =>
              executeNamedText<AcceptedBetRow>(tx, `sport_accept_bet_${legs.length}_${isLive ? "live" : "prematch"}`, acceptBetText(legs.length, isLive, hold), [
                betId,
                potentialPayout,
                decidedAt.toISOString(),
                ...legParams,
                ...hold.params,
              ]),
            );
            if (!decided) throw new Error(`bet ${betId} was not decided: its hold wrote no postings`);
            const { account, held, ...row } = decided;
            const bet = betRowOf(row);
            await publications.publishPlaced(tx, bet, legs, account && withBalancesAfter(account, held));
            return { bet: betView(bet, legs), replayed: false };
          }),
        );
      } catch (error) {
        if (limitRefusal) await publishRefusal(bettor.playerId, limitRefusal, request);
        throw error;
      }
    },
  };
}

/**
 * The bet row, pending, in the player's active account of the slip's currency; answers that account
 * as `value`, or no row when the key is taken (a retry waits here on the unique index until the
 * first commits) or the player has no such account.
 */
const INSERT_PENDING_BET = `insert into sport_bets (id, player_id, wallet_account_id, currency, idempotency_key, slip_fingerprint, kind, system_size, stake, potential_payout, odds_policy, is_live, status, placed_at)
  select $1::uuid, w.player_id, w.id, w.currency, $4, $5, $6, $7::smallint, $8::numeric, 0, $9, false, 'pending', $10::timestamptz
    from wallet_accounts w
   where w.player_id = $2 and w.currency = $3 and w.status = ${ACTIVE_ACCOUNT}
  on conflict (player_id, idempotency_key) do nothing
  returning wallet_account_id::text as value`;

function insertPendingBet(bet: { id: string; bettor: Bettor; request: PlaceBetRequest; fingerprint: string; amount: string; at: Date }): StatementAhead {
  const { request } = bet;
  return {
    name: "sport_place_bet",
    text: INSERT_PENDING_BET,
    params: [bet.id, bet.bettor.playerId, request.currency, request.idempotencyKey, bet.fingerprint, request.kind, request.systemSize ?? null, bet.amount, request.oddsPolicy, bet.at.toISOString()],
  };
}

/** The bet's account, read by the deciding statement for the account's publication: always the bettor's own (the bet row was written from it). */
const BET_ACCOUNT_SNAPSHOT = accountSnapshotText({ walletAccountId: "sport_bets.wallet_account_id", playerId: "sport_bets.player_id" });

type AcceptedBetRow = BetDriverRow & { account: AccountSnapshot | null; held: { accountId: string; balanceAfter: string }[] };

const acceptBetTexts = new Map<string, string>();

/**
 * The stake held, the legs written and the bet decided in one statement: $1 the bet, $2 its
 * potential payout, $3 when it was accepted (pre-match) or when its live delay ends, then five per
 * leg (event, market, outcome, odds, market version), then the hold's `ledger_post` call. Fixed text
 * per number of legs and live or not: no query built per bet. The bet is updated only once the hold
 * has its postings (a refused hold fails the statement); answers the bet row, its account's snapshot
 * (read before the hold: the statement does not see what ledger_post writes) and the hold's balances.
 */
function acceptBetText(legCount: number, isLive: boolean, hold: PostCall): string {
  const key = `${legCount}/${isLive}`;
  const known = acceptBetTexts.get(key);
  if (known) return known;
  const values = Array.from({ length: legCount }, (_, position) => {
    const first = 4 + 5 * position;
    return `($1::uuid, ${position}, $${first}::bigint, $${first + 1}, $${first + 2}, $${first + 3}::numeric, $${first + 4}::integer, 'open')`;
  }).join(", ");
  const decision = isLive ? "is_live = true, decide_at = $3::timestamptz" : "is_live = false, status = 'accepted', accepted_at = $3::timestamptz";
  const text = `with held as (select * from ${hold.text(4 + 5 * legCount)}),
  placed_legs as (
    insert into sport_bet_legs (bet_id, position, event_id, market_key, outcome_id, odds, market_version, result)
    values ${values}
    returning bet_id)
  update sport_bets set potential_payout = $2::numeric, ${decision}
   where sport_bets.id = $1::uuid and exists (select 1 from held)
  returning ${BET_COLUMNS_TEXT}, ${BET_ACCOUNT_SNAPSHOT} as account,
    (select json_agg(json_build_object('accountId', held.account_id::text, 'balanceAfter', held.balance_after::text)) from held) as held`;
  acceptBetTexts.set(key, text);
  return text;
}

/** A NUMERIC sum (any scale) in the currency's minor units, rounded toward zero: stakes are in minor units already. */
function toMinor(amount: string, subunitToUnit: string): bigint {
  const decimals = subunitToUnit.length - 1;
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(decimals, "0").slice(0, decimals));
}
