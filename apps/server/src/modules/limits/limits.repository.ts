import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { INVOICE_STATUS, INVOICE_TYPE, LIMIT_DEFINITION } from "@playfair/contracts/constants";
import type { DbExecutor } from "../../db/database.ts";
import { players } from "../player/player.schema.ts";
import { currencies } from "../settings/settings.schema.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";
import { jurisdictionProfiles } from "./jurisdiction.schema.ts";
import { playerLimits } from "./limits.schema.ts";
import { executeNamedText, fixedTextOf, rowsOf } from "../../db/sql-rows.ts";

export type PlayerLimitRow = typeof playerLimits.$inferSelect;
export type NewPlayerLimitRow = typeof playerLimits.$inferInsert;

export type PlayerProtectionRow = {
  id: string;
  status: number;
  timeZone: string | null;
  selfExcludedUntil: Date | null;
  coolingOffUntil: Date | null;
};

const protectionColumns = {
  id: players.id,
  status: players.status,
  timeZone: players.timeZone,
  selfExcludedUntil: players.selfExcludedUntil,
  coolingOffUntil: players.coolingOffUntil,
};

/**
 * The player's exclusion state, with the player row locked until the transaction ends when
 * `lock` is set. Every limit change, deposit reservation and stake check of one player takes this
 * lock first, so they run one after another and none can slip past a limit another just used up.
 * NO KEY UPDATE: it does not block other tables' rows that merely reference the player (sessions).
 */
export async function selectPlayerProtection(executor: DbExecutor, playerId: string, lock: boolean): Promise<PlayerProtectionRow | undefined> {
  const query = executor.select(protectionColumns).from(players).where(eq(players.id, playerId));
  const [row] = lock ? await query.for("no key update") : await query;
  return row;
}

export type StakeGateRow = PlayerProtectionRow & { hasStakeLimits: boolean; hasJurisdictionProfile: boolean };

/** What a stake gate is asked with: values (parameters of the caller's statement), SQL or placeholders (inputs of a fixed text). */
type StakeGateInputs = { playerId: string | SQL | Placeholder; currency: string | SQL | Placeholder; visitorCountry: string | null | SQL | Placeholder };

// Builds statements without a database: the gate's fixed texts are written from the same builder
// as the query a caller folds into its own statement.
const queryBuilder = new QueryBuilder();

// Constants of the text, not parameters: a fixed text carries only its inputs' placeholders.
const STAKE_LIMIT_DEFINITIONS = sql.raw(`${LIMIT_DEFINITION.bet}, ${LIMIT_DEFINITION.loss}`);

/**
 * The stake gate, the one definition of it: `selectPlayerProtection` locked, with whether the
 * player has any bet or loss limit row in `currency` at all, and whether a jurisdiction profile
 * exists for the player's country (the visitor's when the profile names none). Most players have
 * neither, and then the stake check is this one statement; a limit row here may still be a limit
 * no longer in force, and a profile may not cover the game: the full checks sort those out.
 * `alsoWhen`: a condition of the caller's statement; `extra`: columns selected with the gate's.
 */
function stakeGateSelect<Extra extends Record<string, SQL.Aliased>>(stake: StakeGateInputs, alsoWhen: SQL | undefined, extra: Extra) {
  const { playerId, currency, visitorCountry } = stake;
  return queryBuilder
    .select({
      ...protectionColumns,
      hasStakeLimits: sql<boolean>`exists (select 1 from ${playerLimits} where ${playerLimits.playerId} = ${playerId} and ${playerLimits.definition} in (${STAKE_LIMIT_DEFINITIONS}) and ${playerLimits.currency} = ${currency} and ${playerLimits.removedAt} is null)`.as(
        "has_stake_limits",
      ),
      // Qualified by hand: Drizzle leaves columns unqualified here, and "country" alone would be the profile's own.
      hasJurisdictionProfile: sql<boolean>`exists (select 1 from ${jurisdictionProfiles} profile where profile.country = upper(coalesce("players"."country", ${visitorCountry}::text)))`.as(
        "has_jurisdiction_profile",
      ),
      ...extra,
    })
    .from(players)
    .where(alsoWhen ? and(eq(players.id, playerId), alsoWhen) : eq(players.id, playerId))
    .for("no key update", { of: players });
}

/**
 * `selectStakeGate`'s statement, not sent: for a caller that folds it into a statement of its own
 * (`alsoWhen`: a condition of that statement, e.g. that its own insert took place), with values or
 * with that statement's placeholders (a text built once).
 */
export function stakeGateQuery(stake: StakeGateInputs, alsoWhen?: SQL) {
  return stakeGateSelect(stake, alsoWhen, {});
}

/**
 * A caller's statement run in the gate's round trip, before the player's lock: a data-modifying
 * statement of fixed text (parameters $1 to $n, `params`) answering at most one row with one text
 * column `value`. `name` names the combined statement: one name, one text.
 */
export type StatementAhead = { name: string; text: string; params: readonly unknown[] };

/**
 * The gate's fixed text, its parameters numbered from `$first`: the player, the stake's currency,
 * the visitor's country. Named: a stake of every game and bet runs it, and no query is built per
 * stake (ADR 038). With `ahead`, it also answers the value of the statement ahead: read by an
 * uncorrelated subquery, that statement runs (and waits on its own locks) before the player's row
 * is locked, as it would in a round trip of its own.
 */
function stakeGateText(first: number, ahead: boolean): string {
  const placeholders = { playerId: sql.raw(`$${first}`), currency: sql.raw(`$${first + 1}`), visitorCountry: sql.raw(`$${first + 2}`) };
  return fixedTextOf(stakeGateSelect(placeholders, undefined, ahead ? { ahead: sql<string | null>`(select value from ahead)`.as("ahead") } : {}));
}

const STAKE_GATE_TEXT = stakeGateText(1, false);
// One text per length of the statements ahead (the gate's parameters follow theirs).
const stakeGateTextsAfter = new Map<number, string>();

function stakeGateTextAfter(ahead: StatementAhead): string {
  let gate = stakeGateTextsAfter.get(ahead.params.length);
  if (!gate) {
    gate = stakeGateText(ahead.params.length + 1, true);
    stakeGateTextsAfter.set(ahead.params.length, gate);
  }
  return `with ahead as (${ahead.text})\n${gate}`;
}

type StakeGateDriverRow = {
  id: string;
  status: number;
  time_zone: string | null;
  self_excluded_until: string | null;
  cooling_off_until: string | null;
  has_stake_limits: boolean;
  has_jurisdiction_profile: boolean;
  /** Only in the text with a statement ahead. */
  ahead?: string | null;
};

export async function selectStakeGate(
  executor: DbExecutor,
  playerId: string,
  currency: string,
  visitorCountry: string | null,
  ahead?: StatementAhead,
): Promise<(StakeGateRow & { ahead: string | null }) | undefined> {
  const gateParams = [playerId, currency, visitorCountry];
  const [row] = ahead
    ? await executeNamedText<StakeGateDriverRow>(executor, ahead.name, stakeGateTextAfter(ahead), [...ahead.params, ...gateParams])
    : await executeNamedText<StakeGateDriverRow>(executor, "limits_stake_gate", STAKE_GATE_TEXT, gateParams);
  return (
    row && {
      id: row.id,
      status: row.status,
      timeZone: row.time_zone,
      selfExcludedUntil: row.self_excluded_until === null ? null : new Date(row.self_excluded_until),
      coolingOffUntil: row.cooling_off_until === null ? null : new Date(row.cooling_off_until),
      hasStakeLimits: row.has_stake_limits,
      hasJurisdictionProfile: row.has_jurisdiction_profile,
      ahead: row.ahead ?? null,
    }
  );
}

export async function updatePlayerExclusion(
  executor: DbExecutor,
  playerId: string,
  change: { selfExcludedUntil: Date } | { coolingOffUntil: Date },
  at: Date,
): Promise<void> {
  await executor
    .update(players)
    .set({ ...change, updatedAt: at })
    .where(eq(players.id, playerId));
}

/** The player's limit rows not yet marked removed (a pending removal may have passed: see limit-state.ts). */
export async function selectLimitRows(executor: DbExecutor, playerId: string): Promise<PlayerLimitRow[]> {
  return executor
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), isNull(playerLimits.removedAt)))
    .orderBy(asc(playerLimits.definition), asc(playerLimits.period), asc(playerLimits.currency), asc(playerLimits.createdAt));
}

export async function insertLimitRow(executor: DbExecutor, row: NewPlayerLimitRow): Promise<PlayerLimitRow> {
  const [inserted] = await executor.insert(playerLimits).values(row).returning();
  return inserted!;
}

export async function updateLimitRow(executor: DbExecutor, id: string, change: Partial<NewPlayerLimitRow>): Promise<PlayerLimitRow> {
  const [updated] = await executor.update(playerLimits).set(change).where(eq(playerLimits.id, id)).returning();
  return updated!;
}

export async function selectPlayerCurrencies(executor: DbExecutor, playerId: string): Promise<string[]> {
  const rows = await executor.select({ currency: walletAccounts.currency }).from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
  return rows.map((row) => row.currency);
}

/** subunitToUnit of the given currencies (reference data), by code. */
export async function selectSubunits(executor: DbExecutor): Promise<Map<string, string>> {
  const rows = await executor.select({ code: currencies.code, subunitToUnit: currencies.subunitToUnit }).from(currencies);
  return new Map(rows.map((row) => [row.code, row.subunitToUnit]));
}

/**
 * Gross deposits since `since` (P2): pending and successful deposit invoices in one currency, and
 * the pending part of it (reserved: not paid yet, released when the deposit is cancelled or
 * expires). Failed and cancelled invoices moved no money; withdrawals are another invoice type and
 * free no room.
 */
export async function sumDepositsSince(executor: DbExecutor, playerId: string, currency: string, since: Date): Promise<{ total: string; reserved: string }> {
  const result = await executor.execute(sql`
    select coalesce(sum(amount), 0)::text as total,
           coalesce(sum(amount) filter (where status = ${INVOICE_STATUS.pending}), 0)::text as reserved
      from payment_invoices
     where player_id = ${playerId}
       and currency = ${currency}
       and type = ${INVOICE_TYPE.deposit}
       and status in (${INVOICE_STATUS.pending}, ${INVOICE_STATUS.success})
       and created_at >= ${since.toISOString()}::timestamptz`);
  const row = rowsOf<{ total: string; reserved: string }>(result)[0];
  return { total: row?.total ?? "0", reserved: row?.reserved ?? "0" };
}

export type PlayPostingKinds = { stake: readonly string[]; win: readonly string[]; refund: readonly string[] };
export type PlayTotals = { staked: string; won: string; refunded: string };

/**
 * Stakes, wins and refunds of the player's play in one currency since `since`, from the ledger:
 * the postings on the player's own balances (cash and bonus) of transactions of the play kinds.
 * A stake's player legs are negative, a win's and a refund's positive.
 */
export async function sumPlaySince(executor: DbExecutor, playerId: string, currency: string, since: Date, kinds: PlayPostingKinds): Promise<PlayTotals> {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((kind) => sql`${kind}`),
      sql`, `,
    );
  const result = await executor.execute(sql`
    select coalesce(-sum(p.amount) filter (where t.kind in (${list(kinds.stake)})), 0)::text as staked,
           coalesce(sum(p.amount) filter (where t.kind in (${list(kinds.win)})), 0)::text as won,
           coalesce(sum(p.amount) filter (where t.kind in (${list(kinds.refund)})), 0)::text as refunded
      from ledger_postings p
      join ledger_transactions t on t.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
      join wallet_accounts w on w.id = a.wallet_account_id
     where w.player_id = ${playerId}
       and a.currency = ${currency}
       and a.balance_kind in ('cash', 'bonus')
       and t.kind in (${list([...kinds.stake, ...kinds.win, ...kinds.refund])})
       and t.created_at >= ${since.toISOString()}::timestamptz`);
  const row = rowsOf<PlayTotals>(result)[0];
  return { staked: row?.staked ?? "0", won: row?.won ?? "0", refunded: row?.refunded ?? "0" };
}
