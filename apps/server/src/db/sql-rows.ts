import type { SQL, SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

// Turns Drizzle's `sql` into text and parameters the way the database's own dialect does (no casing
// option is configured, so a default dialect writes the same text).
const dialect = new PgDialect();

/**
 * A named statement of fixed text with positional parameters ($1, $2, ...): node-postgres parses
 * and plans it once per pooled connection and then sends only its parameters (ADR 038), and no
 * query is built per call; PGlite ignores the name. One name, one text. Rows come as the drivers
 * give them under Drizzle: numbers for smallint and integer, strings for bigint, NUMERIC and
 * timestamps, parsed values for json and jsonb. Drizzle's `execute` takes no name; its session's
 * `prepareQuery` (public, what its builders' `.prepare(name)` call) does.
 */
export async function executeNamedText<Row extends object>(executor: DbExecutor, name: string, text: string, params: readonly unknown[]): Promise<Row[]> {
  return rowsOf<Row>(await executor._.session.prepareQuery({ sql: text, params: [...params] }, undefined, name, false).execute());
}

/** `executeRows` under a statement name (`executeNamedText` for a statement Drizzle's `sql` writes). */
export async function executeNamedRows<Row extends object>(executor: DbExecutor, name: string, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  return executeNamedText<Row>(executor, name, built.sql, built.params);
}

/**
 * The text of a statement or expression built with Drizzle whose inputs are placeholders
 * (`sql.raw("$1")`, or a column of the caller's statement): the fixed text a named statement goes
 * with, written from the same builder as the query its other callers send. Throws when the query
 * still carries a parameter: a value would be fixed into the text.
 */
export function fixedTextOf(query: SQLWrapper): string {
  const built = dialect.sqlToQuery(query.getSQL());
  if (built.params.length > 0) throw new TypeError(`A fixed text was built with ${built.params.length} parameter value(s) instead of placeholders.`);
  return built.sql;
}
