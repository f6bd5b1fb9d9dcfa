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
 * `executeRows` as a named statement: node-postgres parses and plans it once per pooled connection
 * and then sends only its parameters (ADR 038); PGlite ignores the name. The statement's text must
 * be the same every time under one name (a different text under a known name is an error).
 */
export async function executeNamedRows<Row extends object>(executor: DbExecutor, name: string, query: SQL): Promise<Row[]> {
  // Drizzle's own `.prepare(name)` exists only on its query builders; a raw statement goes through
  // the same session call its `execute` makes, with the name added.
  const internals = executor as unknown as DrizzleInternals;
  const prepared = internals._.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false);
  return rowsOf<Row>(await prepared.execute());
}
