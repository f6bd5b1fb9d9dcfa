// pgbench's built-in TPC-B-like read-write workload (the classic debit-credit transaction) on a
// throwaway cluster: the reference the database-bound benchmarks compare their figures with.
import { spawnSync } from "node:child_process";
import type { ThrowawayPostgresCluster } from "../../scripts/lib/postgres-cluster.ts";

export type PgbenchFigures = { transactions: number; perSecond: number; averageLatencyMs: number };

function runPgbench(binDir: string, url: URL, args: string[]): string {
  const result = spawnSync(`${binDir}/pgbench`, ["-h", url.hostname, "-p", url.port, "-U", url.username, ...args, url.pathname.slice(1)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`pgbench ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}\n${result.stderr}`;
}

/** Initialises scale 10 in a database of its own and runs tpcb-like with `clients` for `seconds`. */
export function pgbenchReference(binDir: string, cluster: ThrowawayPostgresCluster, { clients, seconds }: { clients: number; seconds: number }): PgbenchFigures {
  const url = new URL(cluster.urlFor("pgbench"));
  spawnSync(`${binDir}/createdb`, ["-h", url.hostname, "-p", url.port, "-U", url.username, "pgbench"]);
  runPgbench(binDir, url, ["-i", "-q", "-s", "10"]);
  const output = runPgbench(binDir, url, ["-c", String(clients), "-j", "2", "-T", String(seconds), "-M", "prepared"]);
  return {
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0),
    perSecond: Math.round(Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0)),
    // pgbench reports the average latency; its p99 would need per-transaction logs.
    averageLatencyMs: Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? 0),
  };
}
