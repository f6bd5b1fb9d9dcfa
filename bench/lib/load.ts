// Drives one benchmark target with autocannon, in-process: a warm-up run whose figures are thrown
// away, then the measured run.
import autocannon, { type Instance, type Result } from "autocannon";
import { cpuSnapshot, cpuUsageBetween } from "./cpu.ts";

export type Target = {
  /** Short key used by the checks and by BENCH_TARGETS. */
  key: string;
  label: string;
  url: string;
  connections: number;
  headers?: Record<string, string>;
  /** The process answering this target, whose CPU use is reported. */
  serverPid: number;
  /** This target's warm-up, when it needs another than the run's (BENCH_WARMUP_SECONDS). */
  warmupSeconds?: number;
};

export type Measurement = {
  key: string;
  label: string;
  url: string;
  connections: number;
  durationSeconds: number;
  /** Average of autocannon's once-per-second samples ("Req/Sec Avg"). */
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  /** Response bytes per second (headers and body), in MB (10^6 bytes) per second. */
  throughputMBps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** A few distinct request error messages, to say what went wrong when errors > 0. */
  errorSamples: string[];
  warmup: { non2xx: number; errors: number };
  /**
   * CPU use during the measured run in percent of one core (Linux only): the server under test,
   * this process (autocannon), and every other process on the machine (should be near 0).
   */
  cpu?: { serverPercent: number; loadGeneratorPercent: number; othersPercent: number };
  /** Lines the server under test logged during this target (warm-up and measured run). */
  serverLogLines?: number;
};

/** Stops the load generator currently running, if any (used on Ctrl-C). */
let current: Instance | undefined;
export function stopCurrentLoad(): void {
  current?.stop();
}

async function fire(target: Target, durationSeconds: number, errorSamples: Set<string>): Promise<Result> {
  const instance = autocannon({
    url: target.url,
    connections: target.connections,
    duration: durationSeconds,
    pipelining: 1,
    timeout: 10,
    ...(target.headers ? { headers: target.headers } : {}),
  });
  instance.on("reqError", (error) => {
    if (errorSamples.size < 5) errorSamples.add(error.message || String(error));
  });
  current = instance;
  try {
    return await instance;
  } finally {
    current = undefined;
  }
}

export async function measure(
  target: Target,
  options: { warmupSeconds: number; durationSeconds: number; watchedPids: number[] },
): Promise<Measurement> {
  const errorSamples = new Set<string>();
  const warmupSeconds = target.warmupSeconds ?? options.warmupSeconds;
  const warmup = warmupSeconds > 0 ? await fire(target, warmupSeconds, errorSamples) : undefined;
  const pids = [...new Set([process.pid, target.serverPid, ...options.watchedPids])];
  const before = cpuSnapshot(pids);
  const result = await fire(target, options.durationSeconds, errorSamples);
  const usage = cpuUsageBetween(before, cpuSnapshot(pids));
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  return {
    key: target.key,
    label: target.label,
    url: target.url,
    connections: target.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: result.latency.average,
    },
    throughputMBps: result.throughput.average / 1_000_000,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    errorSamples: [...errorSamples],
    warmup: { non2xx: warmup?.non2xx ?? 0, errors: warmup?.errors ?? 0 },
    ...(usage
      ? {
          cpu: {
            serverPercent: usage.byPid[target.serverPid] ?? 0,
            loadGeneratorPercent: usage.byPid[process.pid] ?? 0,
            othersPercent: usage.othersPercent,
          },
        }
      : {}),
  };
}

/** What an HTTP load run of the database benches reports: its request count, rate, latency and failures. */
export type LoadFigures = { label: string; requests: number; perSecond: number; p50: number; p99: number; failures: number };

export function loadFiguresOf(label: string, result: Result): LoadFigures {
  return {
    label,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
