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

type StatementSession = {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(query: SQL): unknown };
};

/**
 * `executeRows` under a statement name: node-postgres parses a named statement once per pooled
 * connection and then sends only its parameters, so PostgreSQL plans it once per connection rather
 * than on every call (ADR 038). The name must always go with the same text; PGlite ignores it.
 * Drizzle's `execute` takes no name, hence its session's `prepareQuery`, as its builders' `.prepare(name)` do.
 */
export async function executeNamedRows<Row extends object>(executor: DbExecutor, name: string, query: SQL): Promise<Row[]> {
  const { session, dialect } = executor as unknown as StatementSession;
  return rowsOf<Row>(await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute());
}
