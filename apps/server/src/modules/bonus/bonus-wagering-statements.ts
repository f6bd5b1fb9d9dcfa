// The statements a stake of a player wagering a casino bonus sends on every round (ADR 034's
// amendment), each under one name with a text built once per process from the same Drizzle
// builders as before, its inputs placeholders: a round fills in the values and reads the rows with
// a reader made with the text, and builds no query (ADR 039's amendment did the same for the
// round's own statements). The texts, their locks and their order are the ones the builders wrote
// per call.
import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { LocalizedText } from "@playfair/contracts/bonus/templates";
import type { DbExecutor } from "../../db/database.ts";
import { columnPlaceholder, executeFixedStatement, fixedStatementOf, placeholdersOf, type FixedStatement } from "../../db/sql-rows.ts";
import { bonusStakes, bonusTemplates, playerBonuses } from "./bonus.schema.ts";

type PlayerBonusRow = typeof playerBonuses.$inferSelect;

/** What a player bonus's view shows of its template. */
export const TEMPLATE_VIEW_COLUMNS = {
  kind: bonusTemplates.kind,
  title: bonusTemplates.title,
  description: bonusTemplates.description,
  pageIdentity: bonusTemplates.pageIdentity,
  reward: bonusTemplates.reward,
};
export type TemplateView = { kind: string; title: LocalizedText; description: LocalizedText; pageIdentity: string | null; reward: (typeof bonusTemplates.$inferSelect)["reward"] };

/** A stake's split as its `bonus_stakes` row records it (decimals of the currency). */
export type BonusStakeValues = { stakeKey: string; playerBonusId: string; cashPart: string; bonusPart: string; counted: string; createdAt: Date };

/** The account's active bonus, locked until the transaction ends (`walletAccountId`: a value or a placeholder of a text built once). */
export function activeBonusQuery(executor: DbExecutor, walletAccountId: string | SQLWrapper, alsoWhen?: SQL) {
  const active = and(eq(playerBonuses.walletAccountId, walletAccountId), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active));
  return executor
    .select()
    .from(playerBonuses)
    .where(alsoWhen ? and(active, alsoWhen) : active)
    .for("update");
}

const STAKE_KEY = { stakeKey: bonusStakes.stakeKey };
/** A round's row with its bonus's status: what its payout splits by. */
const PAYOUT_FIELDS = { playerBonusId: bonusStakes.playerBonusId, cashPart: bonusStakes.cashPart, bonusPart: bonusStakes.bonusPart, counted: bonusStakes.counted, status: playerBonuses.status };
type PayoutRow = { playerBonusId: string; cashPart: string; bonusPart: string; counted: string; status: number };
const STAKE_COLUMNS = ["stakeKey", "playerBonusId", "cashPart", "bonusPart", "counted", "createdAt"] as const;

/** Every statement of the wagering path, built from `executor`'s builders (the first caller's: only the builders are used). */
export function wageringStatementsOf(executor: DbExecutor) {
  const playerBonusColumns = getTableColumns(playerBonuses);
  const balances = { id: sql<string>`id`, balance: sql<string>`balance` };
  // The round's row and its bonus, the bonus locked (its payout and the next stake queue there).
  const payoutOf = (name: string, stakeKey: SQL | undefined) =>
    fixedStatementOf<{ stakeKey: string }, PayoutRow>(
      name,
      executor
        .select(PAYOUT_FIELDS)
        .from(bonusStakes)
        .innerJoin(playerBonuses, eq(playerBonuses.id, bonusStakes.playerBonusId))
        .where(stakeKey)
        .for("update", { of: playerBonuses }),
      PAYOUT_FIELDS,
    );
  const stakeKey = eq(bonusStakes.stakeKey, sql.placeholder("stakeKey"));
  return {
    /** The account's active bonus, locked: the stake and the payout of one account queue here. */
    activeBonus: fixedStatementOf<{ walletAccountId: string }, PlayerBonusRow>("bonus_active_locked", activeBonusQuery(executor, sql.placeholder("walletAccountId")), playerBonusColumns),
    /** The stake's cash and bonus balances FOR UPDATE in id order, the order ledger_post() takes them. */
    stakeBalances: fixedStatementOf<{ cash: bigint; bonus: bigint }, { id: string; balance: string }>(
      "bonus_stake_balances",
      sql`select id, balance from ledger_accounts where id in (${sql.placeholder("cash")}, ${sql.placeholder("bonus")}) order by id for update`,
      balances,
    ),
    /** A round's first stake; nothing when its row exists. `settledAt`: a single-step round's, paid in the same transaction. */
    stakeInsert: fixedStatementOf<BonusStakeValues & { settledAt: Date | null }, { stakeKey: string }>(
      "bonus_stake_insert",
      executor
        .insert(bonusStakes)
        .values(placeholdersOf([...STAKE_COLUMNS, "settledAt"]))
        .onConflictDoNothing()
        .returning(STAKE_KEY),
      STAKE_KEY,
    ),
    /** A later stake of the round (a blackjack double or split): its parts join the round's row. */
    stakeAdd: fixedStatementOf<BonusStakeValues, { stakeKey: string }>(
      "bonus_stake_add",
      executor
        .insert(bonusStakes)
        .values(placeholdersOf(STAKE_COLUMNS))
        .onConflictDoUpdate({
          target: bonusStakes.stakeKey,
          set: {
            cashPart: sql`${bonusStakes.cashPart} + excluded.cash_part`,
            bonusPart: sql`${bonusStakes.bonusPart} + excluded.bonus_part`,
            counted: sql`${bonusStakes.counted} + excluded.counted`,
          },
        })
        .returning(STAKE_KEY),
      STAKE_KEY,
    ),
    /** What the stake adds to the wagering; answers the row as it is now. */
    wageredAdd: fixedStatementOf<{ id: string; counted: string }, PlayerBonusRow>(
      "bonus_wagered_add",
      executor
        .update(playerBonuses)
        .set({ wagered: sql`${playerBonuses.wagered} + ${sql.placeholder("counted")}` })
        .where(eq(playerBonuses.id, sql.placeholder("id")))
        .returning(),
      playerBonusColumns,
    ),
    /** A round's open row, to split its payout or its void. */
    payoutOpen: payoutOf("bonus_stake_payout", and(stakeKey, sql`${bonusStakes.settledAt} is null`)),
    /** A round's row, open or not: a studio's late rollback still gives back what was staked, as it was staked. */
    payoutAny: payoutOf("bonus_stake_payout_any", stakeKey),
    /** The round's row settled: its bonus's cancel lock and expiry no longer wait for it. */
    stakeSettle: fixedStatementOf<{ stakeKey: string; settledAt: Date }, never>(
      "bonus_stake_settle",
      executor
        .update(bonusStakes)
        .set({ settledAt: columnPlaceholder("settledAt", bonusStakes.settledAt) })
        .where(eq(bonusStakes.stakeKey, sql.placeholder("stakeKey"))),
      {},
    ),
    /** One unsettled `bonus_stakes` row of the bonus, if any: a round of it is still open. */
    openRound: fixedStatementOf<{ playerBonusId: string }, { stakeKey: string }>(
      "bonus_open_round",
      executor
        .select(STAKE_KEY)
        .from(bonusStakes)
        .where(and(eq(bonusStakes.playerBonusId, sql.placeholder("playerBonusId")), sql`${bonusStakes.settledAt} is null`))
        .limit(1),
      STAKE_KEY,
    ),
    /** What a player bonus's view shows of its template. */
    templateView: fixedStatementOf<{ id: string }, TemplateView>(
      "bonus_template_view",
      executor.select(TEMPLATE_VIEW_COLUMNS).from(bonusTemplates).where(eq(bonusTemplates.id, sql.placeholder("id"))),
      TEMPLATE_VIEW_COLUMNS,
    ),
  } satisfies Record<string, FixedStatement<never, unknown>>;
}

type WageringStatements = ReturnType<typeof wageringStatementsOf>;

// Built on the first use, then the same for every service of the process: names belong to the pool's connections.
let statements: WageringStatements | undefined;

/** Runs the wagering statement `which` under its name with `values`. */
export function executeWageringStatement<Which extends keyof WageringStatements>(
  executor: DbExecutor,
  which: Which,
  values: WageringStatements[Which] extends FixedStatement<infer Values, unknown> ? Values : never,
): Promise<WageringStatements[Which] extends FixedStatement<Record<string, unknown>, infer Row> ? Row[] : never> {
  statements ??= wageringStatementsOf(executor);
  const statement = statements[which] as FixedStatement<Record<string, unknown>, unknown>;
  return executeFixedStatement(executor, statement, values as Record<string, unknown>) as never;
}

/** Whether a round of the bonus is still open (an unsettled `bonus_stakes` row). */
export async function hasOpenBonusRound(executor: DbExecutor, playerBonusId: string): Promise<boolean> {
  const [open] = await executeWageringStatement(executor, "openRound", { playerBonusId });
  return open !== undefined;
}

/** What a player bonus's view shows of its template (one row, none for an unknown id). */
export function readTemplateView(executor: DbExecutor, templateId: string): Promise<TemplateView[]> {
  return executeWageringStatement(executor, "templateView", { id: templateId });
}
