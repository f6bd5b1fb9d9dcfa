// CPU time spent by processes, read from /proc (Linux): on a machine other work shares, the CPU
// milliseconds a target costs per request say more than its requests per second.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

type ProcessStat = { pid: number; parent: number; group: number; cpuMs: number };

function processStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // The command name is in parentheses and may hold spaces: the fields start after its ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    stats.push({ pid: Number(entry), parent: Number(fields[1]), group: Number(fields[2]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
  }
  return stats;
}

/** User plus system CPU milliseconds of a process group so far (a child started with `detached: true`). */
export function groupCpuMs(group: number): number {
  return processStats()
    .filter((stat) => stat.group === group)
    .reduce((sum, stat) => sum + stat.cpuMs, 0);
}

/** The same for a PostgreSQL postmaster and its backends (those running now: ended ones are lost). */
export function postmasterCpuMs(postmasterPid: number): number {
  return processStats()
    .filter((stat) => stat.pid === postmasterPid || stat.parent === postmasterPid)
    .reduce((sum, stat) => sum + stat.cpuMs, 0);
}
