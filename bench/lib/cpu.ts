// Who used the CPUs during a measured run, from Linux's /proc (elsewhere the figures are omitted).
// On a shared 2-core machine a busy neighbour (a test run, a build) lowers every figure; the report
// shows how much CPU went to processes other than the benchmark so such a run can be recognised.
import { readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

type Snapshot = { at: number; busyTicks: number; processTicks: Map<number, number> };

export type CpuUsage = {
  /** Share of one core each watched process used during the run, in percent (100 = one full core). */
  byPid: Record<number, number>;
  /** Share of one core used by every other process on the machine, in percent. */
  othersPercent: number;
};

function readBusyTicks(): number | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
    // cpu user nice system idle iowait irq softirq steal ...
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return undefined;
  }
}

function readProcessTicks(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may contain spaces; the fields after its closing parenthesis are fixed.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export function cpuSnapshot(pids: number[]): Snapshot | undefined {
  const busyTicks = readBusyTicks();
  if (busyTicks === undefined) return undefined;
  const processTicks = new Map<number, number>();
  for (const pid of pids) {
    const ticks = readProcessTicks(pid);
    if (ticks !== undefined) processTicks.set(pid, ticks);
  }
  return { at: performance.now(), busyTicks, processTicks };
}

export function cpuUsageBetween(before: Snapshot | undefined, after: Snapshot | undefined): CpuUsage | undefined {
  if (!before || !after) return undefined;
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return undefined;
  const percent = (ticks: number) => Math.round((ticks / CLOCK_TICKS_PER_SECOND / seconds) * 100);
  const byPid: Record<number, number> = {};
  let watchedTicks = 0;
  for (const [pid, ticksAfter] of after.processTicks) {
    const ticksBefore = before.processTicks.get(pid);
    if (ticksBefore === undefined) continue;
    byPid[pid] = percent(ticksAfter - ticksBefore);
    watchedTicks += ticksAfter - ticksBefore;
  }
  return { byPid, othersPercent: Math.max(0, percent(after.busyTicks - before.busyTicks - watchedTicks)) };
}

/**
 * Waits (up to `maxWaitMs`) until, over one second, processes other than `pids` use at most
 * `thresholdPercent` of a core, so a neighbour's burst does not land in a measured run. Returns
 * how long it waited and whether the machine became quiet; without /proc it returns at once.
 */
export async function waitForQuietMachine(pids: number[], options: { maxWaitMs: number; thresholdPercent: number }): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  for (;;) {
    const before = cpuSnapshot(pids);
    if (!before) return { waitedMs: 0, quiet: true };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const usage = cpuUsageBetween(before, cpuSnapshot(pids));
    const waitedMs = Math.round(performance.now() - started);
    if (!usage || usage.othersPercent <= options.thresholdPercent) return { waitedMs, quiet: true };
    if (waitedMs >= options.maxWaitMs) return { waitedMs, quiet: false };
  }
}
