import { Column, is, Param, Placeholder, sql, SQL, type SQLWrapper } from "drizzle-orm";
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

/**
 * A statement built once with Drizzle, its inputs `sql.placeholder(name)`, run per call as a named
 * statement with the call's values: no query is built on the request path, only its parameters
 * filled and its rows read (ADR 039). The text is exactly what Drizzle's `.prepare(name)` sends
 * for the same query with values; one name, one text.
 */
export type FixedStatement<Values extends Record<string, unknown>, Row> = {
  readonly name: string;
  readonly text: string;
  /** The parameters for `values`, in the text's order. */
  params(values: Values): unknown[];
  /** The driver's rows (arrays, in the select list's order) as objects shaped like the select list. */
  rows(rows: unknown[][]): Row[];
};

/** What a statement selects or returns, as given to Drizzle's `select`, `returning`: columns and expressions, nested one object deep at most. */
export type SelectedFields = { [field: string]: Column | SQL | SQL.Aliased | SelectedFields };

type Filler = (values: Record<string, unknown>) => unknown;

/**
 * `query`'s statement under `name`. A placeholder bound to a column (an insert's value, an update's
 * set) is encoded by that column as Drizzle would a value (Dates as ISO text, json as text), null
 * as NULL; a bare placeholder (a condition's input) goes as given; constants of the query stay the
 * parameters Drizzle made of them. `fields` is the query's select list (the same object, so the
 * same order); `nullable`: its objects that come from outer joins, null when their first column is
 * null, as Drizzle reads a left join.
 */
export function fixedStatementOf<Values extends Record<string, unknown>, Row>(
  name: string,
  query: SQLWrapper,
  fields: SelectedFields,
  nullable: readonly string[] = [],
): FixedStatement<Values, Row> {
  const built = dialect.sqlToQuery(query.getSQL());
  const fillers = built.params.map(fillerOf);
  const read = rowReaderOf(fields, nullable);
  return {
    name,
    text: built.sql,
    params: (values) => fillers.map((fill) => fill(values)),
    rows: (rows) => rows.map((row) => read(row) as Row),
  };
}

function fillerOf(param: unknown): Filler {
  const valueOf = (values: Record<string, unknown>, placeholder: Placeholder) => {
    const value = values[placeholder.name];
    if (value === undefined) throw new TypeError(`No value for the statement's input "${placeholder.name}".`);
    return value;
  };
  if (is(param, Placeholder)) return (values) => valueOf(values, param);
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { value: placeholder, encoder } = param;
    return (values) => {
      const value = valueOf(values, placeholder);
      return value === null ? null : encoder.mapToDriverValue(value);
    };
  }
  return () => param;
}

/** Reads an array row as the select list's object; table columns decode their values (Dates, json), other expressions come as the driver gives them. */
function rowReaderOf(fields: SelectedFields, nullable: readonly string[]): (row: readonly unknown[]) => Record<string, unknown> {
  const leaves: { group: string | null; field: string; decode: (value: unknown) => unknown }[] = [];
  const visit = (selection: SelectedFields, group: string | null) => {
    for (const [field, selected] of Object.entries(selection)) {
      if (is(selected, Column)) leaves.push({ group, field, decode: (value) => selected.mapFromDriverValue(value) });
      else if (is(selected, SQL) || is(selected, SQL.Aliased)) leaves.push({ group, field, decode: (value) => value });
      else if (group === null) visit(selected, field);
      else throw new TypeError(`The select list nests "${field}" deeper than one object.`);
    }
  };
  visit(fields, null);
  const firstOfGroup = new Map<string, number>();
  leaves.forEach((leaf, index) => {
    if (leaf.group !== null && !firstOfGroup.has(leaf.group)) firstOfGroup.set(leaf.group, index);
  });
  const nullableFirsts = nullable.map((group) => {
    const index = firstOfGroup.get(group);
    if (index === undefined) throw new TypeError(`The select list has no object "${group}".`);
    return [group, index] as const;
  });
  return (row) => {
    const object: Record<string, unknown> = {};
    let node = object;
    leaves.forEach((leaf, index) => {
      if (leaf.group === null) node = object;
      else if (firstOfGroup.get(leaf.group) === index) object[leaf.group] = node = {};
      node[leaf.field] = row[index] === null ? null : leaf.decode(row[index]);
    });
    for (const [group, index] of nullableFirsts) if (row[index] === null) object[group] = null;
    return object;
  };
}

/** A placeholder for each of `keys`, under the key's name: an insert's values in a fixed statement (Drizzle binds each to its column). */
export function placeholdersOf<const Key extends string>(keys: readonly Key[]): { [K in Key]: Placeholder<K> } {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as { [K in Key]: Placeholder<K> };
}

/** A placeholder encoded as `column` encodes its values: an update's set in a fixed statement, where Drizzle's types take SQL only. */
export function columnPlaceholder(name: string, column: Column): SQL {
  return sql`${new Param(sql.placeholder(name), column)}`;
}

/** Runs a fixed statement with `values` under its name and returns its rows. */
export async function executeFixedStatement<Values extends Record<string, unknown>, Row>(executor: DbExecutor, statement: FixedStatement<Values, Row>, values: Values): Promise<Row[]> {
  return executor._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>({ sql: statement.text, params: statement.params(values) }, undefined, statement.name, true, statement.rows).execute();
}
