import { sql, type SQL } from "drizzle-orm";
import type { PageMeta } from "@playfair/contracts/pagination";
import { pageMeta } from "@playfair/contracts/pagination";
import type { SpinRow, SpinsFilterQuery } from "@playfair/contracts/game/spins";
import { ORIGINALS_PROVIDER } from "@playfair/contracts/game/spins";
import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import type { DbExecutor } from "../../../db/database.ts";
import { executeRows } from "../../../db/sql-rows.ts";

// The spins history (GET /api/game/spins): a player's real-money rounds of our originals and of
// third-party games in one list. Originals are rows of `game_rounds`; a third-party round is a row of
// `game_aggregator_rounds` whose money is the sum of its wallet calls: what was staked (bets), what
// came back (wins, and rollbacks of taken bets), voided when every bet was rolled back. A crash bet
// (`crash_bets`) is one spin of playfair-crash: its stake, its payout, the cash-out multiplier (0 when
// it rode the crash), voided when refunded. All three are one SQL union, so filters, order and paging
// work across them.

type SpinSqlRow = {
  id: string;
  game: string;
  game_name: string;
  source: SpinRow["source"];
  provider: string;
  currency: string;
  status: SpinRow["status"];
  stake: string;
  payout: string | null;
  multiplier: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  fairness_round_id: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day bound covers the whole UTC day; an exact time is inclusive. */
function dateBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  const exact = new Date(value);
  return end ? new Date(exact.getTime() + 1) : exact;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function originalsOf(playerId: string): SQL {
  return sql`
    select r.id::text as id, r.game_identity as game, coalesce(g.name, r.game_identity) as game_name, 'original' as source,
      ${ORIGINALS_PROVIDER}::text as provider, r.currency, r.status, r.stake::text as stake, r.payout::text as payout,
      r.multiplier::text as multiplier, r.created_at, r.settled_at, r.id::text as fairness_round_id
    from game_rounds r
    left join games g on g.identity = r.game_identity
    where r.player_id = ${playerId} and r.demo = false`;
}

/** Third-party rounds, one row each; `only` narrows to one round (the realtime publication). */
function thirdPartyOf(playerId: string, only?: { provider: string; roundId: string }): SQL {
  const one = only ? sql` and ar.provider = ${only.provider} and ar.round_id = ${only.roundId}` : sql``;
  return sql`
    select ar.provider || ':' || ar.round_id as id, coalesce(g.identity, ar.game_code) as game, coalesce(g.name, ar.game_code) as game_name,
      'thirdParty' as source, ar.provider::text as provider, s.currency,
      case when ar.status = 'open' then 'open' when m.refunded >= m.staked and m.staked > 0 then 'voided' else 'settled' end as status,
      m.staked::text as stake,
      case when ar.status = 'open' then null else (m.won + m.refunded)::text end as payout,
      case when ar.status = 'open' or m.refunded >= m.staked or m.staked = 0 then null else trunc((m.won + m.refunded) / m.staked, 2)::text end as multiplier,
      ar.opened_at as created_at, ar.closed_at as settled_at, null::text as fairness_round_id
    from game_aggregator_rounds ar
    join game_aggregator_sessions s on s.token = ar.session_token
    left join game_providers p on p.identity = ar.provider
    left join games g on g.provider_id = p.id and g.aggregator_code = ar.game_code
    cross join lateral (
      select coalesce(sum(t.amount) filter (where t.kind = 'bet'), 0)::numeric as staked,
        coalesce(sum(t.amount) filter (where t.kind = 'win'), 0)::numeric as won,
        coalesce(sum(t.amount) filter (where t.kind = 'rollback'), 0)::numeric as refunded
      from game_aggregator_transactions t
      where t.provider = ar.provider and t.round_id = ar.round_id and t.player_id = ar.player_id
    ) m
    where ar.player_id = ${playerId}${one}`;
}

/** The player's real-money crash bets, one row each; `only` narrows to one bet. */
function crashOf(playerId: string, only?: string): SQL {
  const one = only ? sql` and b.id = ${only}` : sql``;
  return sql`
    select b.id::text as id, ${CRASH_GAME_IDENTITY}::text as game, coalesce(g.name, ${CRASH_GAME_IDENTITY}) as game_name, 'original' as source,
      ${ORIGINALS_PROVIDER}::text as provider, b.currency,
      case b.status when 'active' then 'open' when 'refunded' then 'voided' else 'settled' end as status,
      b.amount::text as stake, b.payout::text as payout,
      case when b.status in ('active', 'refunded') then null when b.cashout_multiplier is null then '0'
        else (b.cashout_multiplier::numeric / 100)::numeric(12, 2)::text end as multiplier,
      b.created_at, b.settled_at, b.round_id::text as fairness_round_id
    from crash_bets b
    left join games g on g.identity = ${CRASH_GAME_IDENTITY}
    where b.player_id = ${playerId} and b.demo = false${one}`;
}

function spinOf(row: SpinSqlRow): SpinRow {
  return {
    id: row.id,
    game: row.game,
    gameName: row.game_name,
    source: row.source,
    provider: row.provider,
    currency: row.currency,
    status: row.status,
    stake: row.stake,
    payout: row.payout,
    multiplier: row.multiplier,
    createdAt: iso(row.created_at)!,
    settledAt: iso(row.settled_at),
    verifiable: row.source === "original" && row.status === "settled",
    fairnessRoundId: row.fairness_round_id,
  };
}

function filtersOf(query: SpinsFilterQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.game !== undefined) conditions.push(sql`spins.game = ${query.game}`);
  if (query.status !== undefined) conditions.push(sql`spins.status = ${query.status}`);
  if (query.currency !== undefined) conditions.push(sql`spins.currency = ${query.currency}`);
  if (query.source !== undefined) conditions.push(sql`spins.source = ${query.source}`);
  if (query.dateFrom !== undefined) conditions.push(sql`spins.created_at >= ${dateBound(query.dateFrom, false).toISOString()}`);
  if (query.dateTo !== undefined) conditions.push(sql`spins.created_at < ${dateBound(query.dateTo, true).toISOString()}`);
  return sql.join(conditions, sql` and `);
}

export async function listSpins(executor: DbExecutor, playerId: string, query: SpinsFilterQuery): Promise<{ data: SpinRow[]; meta: PageMeta }> {
  const all = sql`(${originalsOf(playerId)} union all ${thirdPartyOf(playerId)} union all ${crashOf(playerId)}) spins`;
  const where = filtersOf(query);
  const [rows, totals] = await Promise.all([
    executeRows<SpinSqlRow>(
      executor,
      sql`select * from ${all} where ${where} order by spins.created_at desc, spins.id desc limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
    ),
    executeRows<{ total: number | string }>(executor, sql`select count(*)::int as total from ${all} where ${where}`),
  ]);
  return { data: rows.map(spinOf), meta: pageMeta(query, Number(totals[0]?.total ?? 0)) };
}

/** One third-party round as the history shows it: what `game:spins#` publishes when it closes. */
export async function thirdPartySpin(executor: DbExecutor, playerId: string, provider: string, roundId: string): Promise<SpinRow | null> {
  const [row] = await executeRows<SpinSqlRow>(executor, thirdPartyOf(playerId, { provider, roundId }));
  return row ? spinOf(row) : null;
}
