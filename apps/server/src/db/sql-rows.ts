import type { SQL } from "drizzle-orm";
import type { DbExecutor } from "./database.ts";

// Raw statements (`executor.execute(sql\`...\`)`) answer untyped: both drivers (node-postgres,
// PGlite) return an object with `rows`. The row type is the statement's promise, stated once here
// by the caller instead of a cast at every call.

/** The rows of a raw statement's result, typed as the caller's select list says. */
export function rowsOf<Row extends object>(result: unknown): Row[] {
  const rows = result && typeof result === "object" ? (result as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) throw new TypeError("A raw SQL statement answered without rows.");
  return rows as Row[];
}

/** Runs a raw statement and returns its rows. */
export async function executeRows<Row extends object>(executor: DbExecutor, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await executor.execute(query));
}

type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  _: { session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, isResponseInArrayMode: boolean): { execute(): Promise<unknown> } } };
};

/**
 * A named statement of fixed text with positional parameters ($1, $2, ...): node-postgres parses
 * and plans it once per pooled connection and then sends only its parameters (ADR 038), and no
 * query is built per call; PGlite ignores the name. One name, one text. Rows come as the drivers
 * give them under Drizzle: numbers for smallint and integer, strings for bigint, NUMERIC and
 * timestamps, parsed values for json and jsonb.
 */
export async function executeNamedText<Row extends object>(executor: DbExecutor, name: string, text: string, params: readonly unknown[]): Promise<Row[]> {
  // Drizzle's `.prepare(name)` exists only on its query builders; this is the session call its
  // `execute` makes, with the name added.
  const { session } = (executor as unknown as DrizzleInternals)._;
  return rowsOf<Row>(await session.prepareQuery({ sql: text, params: [...params] }, undefined, name, false).execute());
}

/** `executeRows` as a named statement (`executeNamedText` for a statement Drizzle's `sql` writes). */
export async function executeNamedRows<Row extends object>(executor: DbExecutor, name: string, query: SQL): Promise<Row[]> {
  const built = (executor as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return executeNamedText<Row>(executor, name, built.sql, built.params);
}
