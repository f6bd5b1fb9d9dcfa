import type { DbExecutor } from "../../../db/database.ts";
import { executeNamedText } from "../../../db/sql-rows.ts";
import type { StoredOutcome } from "../sport.schema.ts";
import { EVERY_EVENT } from "./market-limits.ts";
import { marketStateKey, type MarketRefKey, type MarketState } from "./market-states.ts";

// What acceptance reads of a slip's markets, in one statement inside the bet's transaction and after
// the player's row is locked (so another bet of the player cannot slip in between): each market's
// state and prices as they are now, what the player already stakes on it in bets still standing,
// and the operator's limit for it (the event's own, else the market type's for every event).

export type SlipMarket = MarketState & {
  /** The player's stakes on the market over their pending and accepted bets (a multiple's whole stake on each of its markets). */
  staked: string;
  /** The operator's per-market limit in the slip's currency, or null when none is set. */
  maxStake: string | null;
};

/**
 * The read of `count` markets: parameters $1 the player, $2 the currency, then each market's event
 * and key. Fixed text per count, named by it: parsed and planned once per pooled connection, and no
 * query built per bet (ADR 038).
 */
function slipMarketsText(count: number): string {
  const named = Array.from({ length: count }, (_, index) => `(m.event_id = $${3 + 2 * index} and m.market_key = $${4 + 2 * index})`).join(" or ");
  // The player's open bets first (a handful), then their legs by primary key: a popular market's
  // thousands of legs are never scanned. `event_id + 0` keeps the planner off the legs' market index,
  // which it otherwise takes for each bet whenever the tables' statistics are missing or stale
  // (measured: 2.5 ms instead of 0.1 ms with 9,000 legs on the market). Event 0 is the type-wide
  // limit: an event's own (a higher id) comes first and replaces it.
  return `select m.event_id, m.market_key, m.market_type_id, m.specifiers, m.status, m.outcomes, m.version,
       e.name as event_name, e.sport_id, e.status as event_status, e.starts_at, pr.status as producer_status,
       (select coalesce(sum(b.stake), 0)::text from sport_bets b
         where b.player_id = $1 and b.status in ('pending', 'accepted')
           and exists (select 1 from sport_bet_legs l where l.bet_id = b.id and l.event_id + 0 = m.event_id and l.market_key = m.market_key)) as staked,
       (select ml.max_stake::text from sport_market_limits ml
         where ml.currency = $2 and ml.market_type_id = m.market_type_id and ml.event_id in (${EVERY_EVENT}, m.event_id)
         order by ml.event_id desc limit 1) as max_stake
  from sport_markets m
  join sport_events e on e.id = m.event_id
  left join sport_producers pr on pr.id = e.producer
 where ${named}`;
}

const textsByCount = new Map<number, string>();

type SlipMarketDriverRow = {
  event_id: string;
  market_key: string;
  market_type_id: number;
  specifiers: string;
  status: string;
  outcomes: StoredOutcome[];
  version: number;
  event_name: string;
  sport_id: number;
  event_status: string;
  starts_at: string;
  producer_status: string | null;
  staked: string;
  max_stake: string | null;
};

export async function readSlipMarkets(executor: DbExecutor, bettor: { playerId: string; currency: string }, refs: readonly MarketRefKey[]): Promise<Map<string, SlipMarket>> {
  const markets = new Map<string, SlipMarket>();
  const unique = [...new Map(refs.map((ref) => [marketStateKey(ref), ref])).values()];
  if (unique.length === 0) return markets;
  let text = textsByCount.get(unique.length);
  if (!text) {
    text = slipMarketsText(unique.length);
    textsByCount.set(unique.length, text);
  }
  const params = [bettor.playerId, bettor.currency, ...unique.flatMap((ref) => [ref.eventId, ref.marketKey])];
  const rows = await executeNamedText<SlipMarketDriverRow>(executor, `sport_slip_markets_${unique.length}`, text, params);
  for (const row of rows) {
    const market: SlipMarket = {
      eventId: Number(row.event_id),
      marketKey: row.market_key,
      marketTypeId: row.market_type_id,
      specifiers: row.specifiers,
      status: row.status,
      outcomes: row.outcomes,
      version: row.version,
      eventName: row.event_name,
      sportId: row.sport_id,
      eventStatus: row.event_status,
      startsAt: new Date(row.starts_at),
      producerUp: row.producer_status === "up",
      staked: row.staked,
      maxStake: row.max_stake,
    };
    markets.set(marketStateKey(market), market);
  }
  return markets;
}
