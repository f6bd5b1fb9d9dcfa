import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { describe, expect, it } from "vitest";
import type { DbExecutor } from "../../db/database.ts";
import { bonusStakes, bonusTemplates, playerBonuses } from "./bonus.schema.ts";
import { activeBonusQuery, TEMPLATE_VIEW_COLUMNS, wageringStatementsOf } from "./bonus-wagering-statements.ts";

// The wagering statements are built once with placeholders; what a round sends must be exactly what
// the builders wrote per call with its values: the same text (so the same locks, in the same
// order) and the same parameters.

const builder = drizzle.mock() as unknown as DbExecutor;
const statements = wageringStatementsOf(builder);
const dialect = new PgDialect();
const at = new Date("2026-05-06T07:08:09.123Z");
const stake = { stakeKey: "game-round:r1", playerBonusId: "b1", cashPart: "1.50", bonusPart: "0.50", counted: "2.00", createdAt: at };

describe("the wagering statements of a round, built once", () => {
  it("lock the active bonus with the text and values of the per-call query", () => {
    const perCall = activeBonusQuery(builder, "w1").toSQL();
    expect(statements.activeBonus.text).toBe(perCall.sql);
    expect(statements.activeBonus.text).toMatch(/for update$/);
    expect(statements.activeBonus.params({ walletAccountId: "w1" })).toEqual(perCall.params);
  });

  it("lock the stake's balances in id order with the raw text of before", () => {
    const perCall = dialect.sqlToQuery(sql`select id, balance from ledger_accounts where id in (${7n}, ${9n}) order by id for update`);
    expect(statements.stakeBalances.text).toBe(perCall.sql);
    expect(statements.stakeBalances.params({ cash: 7n, bonus: 9n })).toEqual(perCall.params);
    expect(statements.stakeBalances.rows([["7", "10.00"]])).toEqual([{ id: "7", balance: "10.00" }]);
  });

  it("record a stake settled at once, or left open, as the insert of before", () => {
    for (const settledAt of [at, null]) {
      const perCall = builder.insert(bonusStakes).values({ ...stake, settledAt }).onConflictDoNothing().returning({ stakeKey: bonusStakes.stakeKey }).toSQL();
      expect(statements.stakeInsert.text).toBe(perCall.sql);
      expect(statements.stakeInsert.params({ ...stake, settledAt })).toEqual(perCall.params);
    }
    expect(statements.stakeInsert.params({ ...stake, settledAt: null })).toContain(null);
    expect(statements.stakeInsert.params({ ...stake, settledAt: at })).toContain("2026-05-06T07:08:09.123Z");
  });

  it("add a later stake's parts to the round's row as the upsert of before", () => {
    const perCall = builder
      .insert(bonusStakes)
      .values(stake)
      .onConflictDoUpdate({
        target: bonusStakes.stakeKey,
        set: {
          cashPart: sql`${bonusStakes.cashPart} + excluded.cash_part`,
          bonusPart: sql`${bonusStakes.bonusPart} + excluded.bonus_part`,
          counted: sql`${bonusStakes.counted} + excluded.counted`,
        },
      })
      .returning({ stakeKey: bonusStakes.stakeKey })
      .toSQL();
    expect(statements.stakeAdd.text).toBe(perCall.sql);
    expect(statements.stakeAdd.params(stake)).toEqual(perCall.params);
  });

  it("count the wagering with the update of before and read the bonus row it returns", () => {
    const perCall = builder.update(playerBonuses).set({ wagered: sql`${playerBonuses.wagered} + ${"2.00"}` }).where(eq(playerBonuses.id, "b1")).returning().toSQL();
    expect(statements.wageredAdd.text).toBe(perCall.sql);
    expect(statements.wageredAdd.params({ id: "b1", counted: "2.00" })).toEqual(perCall.params);
    const columns = Object.keys(getTableColumns(playerBonuses));
    const driverRow = columns.map((column) =>
      column === "terms" ? { product: "casino", gameIds: [] } : column === "issuedAt" || column === "expiresAt" ? "2026-05-06 07:08:09.123+00" : column === "wagered" ? "12.50" : null,
    );
    const [row] = statements.wageredAdd.rows([driverRow]);
    expect(row).toMatchObject({ wagered: "12.50", terms: { product: "casino", gameIds: [] }, issuedAt: new Date("2026-05-06T07:08:09.123Z"), finishedAt: null });
  });

  it("ask for an open round of the bonus and read the template's view as the reads of before", () => {
    const open = builder
      .select({ stakeKey: bonusStakes.stakeKey })
      .from(bonusStakes)
      .where(and(eq(bonusStakes.playerBonusId, "b1"), sql`${bonusStakes.settledAt} is null`))
      .limit(1)
      .toSQL();
    expect(statements.openRound.text).toBe(open.sql);
    expect(statements.openRound.params({ playerBonusId: "b1" })).toEqual(open.params);
    const template = builder.select(TEMPLATE_VIEW_COLUMNS).from(bonusTemplates).where(eq(bonusTemplates.id, "t1")).toSQL();
    expect(statements.templateView.text).toBe(template.sql);
    expect(statements.templateView.params({ id: "t1" })).toEqual(template.params);
  });

  it("split a round's payout from its row with the join and the lock of before, open or, for a late rollback, either", () => {
    const fields = { playerBonusId: bonusStakes.playerBonusId, cashPart: bonusStakes.cashPart, bonusPart: bonusStakes.bonusPart, counted: bonusStakes.counted, status: playerBonuses.status };
    const perCall = (settledToo: boolean) =>
      builder
        .select(fields)
        .from(bonusStakes)
        .innerJoin(playerBonuses, eq(playerBonuses.id, bonusStakes.playerBonusId))
        .where(settledToo ? eq(bonusStakes.stakeKey, "game-round:r1") : and(eq(bonusStakes.stakeKey, "game-round:r1"), sql`${bonusStakes.settledAt} is null`))
        .for("update", { of: playerBonuses })
        .toSQL();
    expect(statements.payoutOpen.text).toBe(perCall(false).sql);
    expect(statements.payoutOpen.params({ stakeKey: "game-round:r1" })).toEqual(perCall(false).params);
    expect(statements.payoutAny.text).toBe(perCall(true).sql);
    expect(statements.payoutAny.params({ stakeKey: "game-round:r1" })).toEqual(perCall(true).params);
    expect(statements.payoutOpen.text).toMatch(/for update of "player_bonuses"$/);
    expect(statements.payoutOpen.rows([["b1", "1.50", "0.50", "2.00", 2]])).toEqual([{ playerBonusId: "b1", cashPart: "1.50", bonusPart: "0.50", counted: "2.00", status: 2 }]);
  });

  it("settle a round's row with the update of before, its time encoded as the column encodes it", () => {
    const perCall = builder.update(bonusStakes).set({ settledAt: at }).where(eq(bonusStakes.stakeKey, "game-round:r1")).toSQL();
    expect(statements.stakeSettle.text).toBe(perCall.sql);
    expect(statements.stakeSettle.params({ stakeKey: "game-round:r1", settledAt: at })).toEqual(perCall.params);
  });

  it("keep the bonus's status a parameter of the lock, as the builder made it", () => {
    expect(statements.activeBonus.params({ walletAccountId: "w1" })).toEqual(["w1", PLAYER_BONUS_STATUS.active]);
  });
});
