// pg_stat_statements for the benches that look at what each request costs PostgreSQL
// (BENCH_PG_STATS=1; the throwaway cluster loads the extension).
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../apps/server/src/db/database.ts";
import { rowsOf } from "../../apps/server/src/db/sql-rows.ts";

export async function resetStatements(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`select pg_stat_statements_reset()`);
}

/**
 * The statements since the last reset by total time: calls per `unit` (a request, a bet) and mean
 * time. `nested`: the statements functions ran are listed too (their time is also in their caller's).
 */
export async function printStatements(database: DatabaseHandle, units: number, unit: string, { nested = false } = {}): Promise<void> {
  const result = await database.db.execute(sql`
    select calls, round(total_exec_time::numeric, 1)::text as total_ms, round(mean_exec_time::numeric, 3)::text as mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 150) as query
      from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database()) and (toplevel or ${nested})
     order by total_exec_time desc limit 25`);
  const statements = rowsOf<{ calls: string; total_ms: string; mean_ms: string; query: string }>(result);
  const calls = statements.reduce((sum, row) => sum + Number(row.calls), 0);
  const per = Math.max(units, 1);
  console.log(`  pg_stat_statements over ${units} ${unit}s: ${(calls / per).toFixed(1)} ${nested ? "statements (nested ones too)" : "top-level statements"} per ${unit} (top 25 shown)`);
  for (const row of statements) console.log(`  ${(Number(row.calls) / per).toFixed(2).padStart(6)}/${unit} ${row.mean_ms.padStart(8)} ms  ${row.total_ms.padStart(9)} ms total  ${row.query}`);
}
