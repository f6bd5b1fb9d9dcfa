import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, jsonb, numeric, pgTable, QueryBuilder, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { columnPlaceholder, fixedStatementOf, fixedTextOf, placeholdersOf, rowsOf } from "./sql-rows.ts";

describe("rows of a raw SQL result", () => {
  it("returns the rows both drivers answer with", () => {
    const rows = rowsOf<{ total: string }>({ rows: [{ total: "12.50" }], fields: [] });
    expect(rows).toEqual([{ total: "12.50" }]);
  });

  it("refuses a result without rows instead of answering an empty list", () => {
    expect(() => rowsOf({ rowCount: 0 })).toThrow("A raw SQL statement answered without rows.");
    expect(() => rowsOf(undefined)).toThrow(TypeError);
  });
});

describe("fixed text of a statement built with Drizzle", () => {
  it("writes placeholders where the inputs go and the values of constants into the text", () => {
    const byPlayer = (playerId: ReturnType<typeof sql.raw>) => sql`select id from players where id = ${playerId} and status in (${sql.raw("1, 2")})`;
    expect(fixedTextOf(byPlayer(sql.raw("$3")))).toBe("select id from players where id = $3 and status in (1, 2)");
  });

  it("refuses a statement that still carries a value, which would be fixed into the named text", () => {
    expect(() => fixedTextOf(sql`select id from players where id = ${"a-player"}`)).toThrow("A fixed text was built with 1 parameter value(s) instead of placeholders.");
  });
});

const tickets = pgTable("tickets", {
  id: uuid("id").primaryKey(),
  status: varchar("status", { length: 8 }).notNull().default("open"),
  amount: numeric("amount").notNull(),
  count: integer("count").notNull(),
  details: jsonb("details").$type<Record<string, unknown>>(),
  closedAt: timestamp("closed_at", { withTimezone: true }),
});
const owners = pgTable("owners", { id: uuid("id").primaryKey(), ticketId: uuid("ticket_id").notNull(), since: timestamp("since", { withTimezone: true }).notNull() });
// Builders without a database: a statement's text is built once, before any connection.
const builder = drizzle.mock();

describe("a fixed statement built once with placeholders", () => {
  it("writes the text Drizzle writes for values and fills each call's values as Drizzle would encode them", () => {
    const withValues = builder
      .update(tickets)
      .set({ details: { lines: 2 }, closedAt: new Date("2026-03-04T05:06:07.089Z") })
      .where(and(eq(tickets.id, "a-ticket"), eq(tickets.status, "open")));
    const statement = fixedStatementOf<{ details: unknown; closedAt: Date | null; id: string }, object>(
      "tickets_close",
      builder
        .update(tickets)
        .set({ details: columnPlaceholder("details", tickets.details), closedAt: columnPlaceholder("closedAt", tickets.closedAt) })
        .where(and(eq(tickets.id, sql.placeholder("id")), eq(tickets.status, "open"))),
      {},
    );
    const drizzleQuery = withValues.toSQL();
    expect(statement.text).toBe(drizzleQuery.sql);
    expect(statement.params({ details: { lines: 2 }, closedAt: new Date("2026-03-04T05:06:07.089Z"), id: "a-ticket" })).toEqual(drizzleQuery.params);
    // A null is NULL, not the JSON text "null" or an error of the column's encoder.
    expect(statement.params({ details: null, closedAt: null, id: "another" })).toEqual([null, null, "another", "open"]);
  });

  it("binds an insert's placeholders to their columns and leaves the other columns to their defaults", () => {
    const statement = fixedStatementOf<{ id: string; amount: string; count: number; closedAt: Date }, object>(
      "tickets_insert",
      builder.insert(tickets).values(placeholdersOf(["id", "amount", "count", "closedAt"])),
      {},
    );
    expect(statement.text).toBe('insert into "tickets" ("id", "status", "amount", "count", "details", "closed_at") values ($1, default, $2, $3, default, $4)');
    expect(statement.params({ id: "t", amount: "1.50", count: 3, closedAt: new Date("2026-01-01T00:00:00.000Z") })).toEqual(["t", "1.50", 3, "2026-01-01T00:00:00.000Z"]);
  });

  it("refuses a call without one of its inputs instead of sending a null in its place", () => {
    const statement = fixedStatementOf<{ id?: string }, object>("tickets_by_id", new QueryBuilder().select({ id: tickets.id }).from(tickets).where(eq(tickets.id, sql.placeholder("id"))), { id: tickets.id });
    expect(() => statement.params({})).toThrow('No value for the statement\'s input "id".');
  });

  it("reads rows as the select list's objects: columns decode their values, an outer join's object is null without a row", () => {
    const fields = {
      ticket: { id: tickets.id, amount: tickets.amount, details: tickets.details, closedAt: tickets.closedAt },
      owner: { id: owners.id, since: owners.since },
      late: sql<boolean>`${tickets.closedAt} > now()`.as("late"),
    };
    const query = new QueryBuilder().select(fields).from(tickets).leftJoin(owners, eq(owners.ticketId, tickets.id));
    const statement = fixedStatementOf<Record<string, never>, unknown>("tickets_with_owners", query, fields, ["owner"]);
    const rows = statement.rows([
      ["t1", "12.50", { lines: 1 }, "2026-01-02 03:04:05.678+00", "o1", "2025-12-31 23:00:00+00", false],
      ["t2", "0.10", null, null, null, null, null],
    ]);
    expect(rows).toEqual([
      { ticket: { id: "t1", amount: "12.50", details: { lines: 1 }, closedAt: new Date("2026-01-02T03:04:05.678Z") }, owner: { id: "o1", since: new Date("2025-12-31T23:00:00.000Z") }, late: false },
      { ticket: { id: "t2", amount: "0.10", details: null, closedAt: null }, owner: null, late: null },
    ]);
  });
});
