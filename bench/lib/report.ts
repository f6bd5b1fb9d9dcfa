// Turns measurements into the printed report: machine info, the figures table, the target checks.
import os from "node:os";
import type { Measurement } from "./load.ts";

export type MachineInfo = {
  node: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  loadAverage1m: number;
};

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

export function formatMachine(machine: MachineInfo): string {
  return [
    `Node ${machine.node} | ${machine.cpuModel} | ${machine.cores} cores | ${machine.memoryGiB} GiB | ${machine.os}`,
    `1-minute load average before the run: ${machine.loadAverage1m}`,
  ].join("\n");
}

/** A run is only meaningful when every answer was a 2xx and no request failed. */
export function isValid(measurement: Measurement): boolean {
  return measurement.non2xx === 0 && measurement.errors === 0 && measurement.timeouts === 0;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Row = string[];
const HEADER: Row = ["target", "conns", "req/s (avg)", "p50 ms", "p99 ms", "MB/s", "requests", "non-2xx", "errors", "server CPU", "other CPU"];

function rowOf(measurement: Measurement): Row {
  return [
    measurement.label,
    String(measurement.connections),
    integer.format(measurement.requestsPerSecond),
    integer.format(measurement.latencyMs.p50),
    integer.format(measurement.latencyMs.p99),
    twoDecimals.format(measurement.throughputMBps),
    integer.format(measurement.totalRequests),
    integer.format(measurement.non2xx),
    integer.format(measurement.errors + measurement.timeouts),
    measurement.cpu ? `${measurement.cpu.serverPercent}%` : "-",
    measurement.cpu ? `${measurement.cpu.othersPercent}%` : "-",
  ];
}

/** A fixed-width text table for the terminal. */
export function formatTable(measurements: Measurement[]): string {
  const rows = [HEADER, ...measurements.map(rowOf)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: Row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(HEADER), rule, ...rows.slice(1).map(line)].join("\n");
}

/** The same table in Markdown, for the README's Performance section. */
export function formatMarkdownTable(measurements: Measurement[]): string {
  const alignments = HEADER.map((_, column) => (column === 0 ? ":--" : "--:"));
  const line = (row: Row) => `| ${row.join(" | ")} |`;
  return [line(HEADER), line(alignments), ...measurements.map((measurement) => line(rowOf(measurement)))].join("\n");
}

export type Check = { name: string; measured: string; status: "PASS" | "FAIL" | "SKIPPED"; note?: string };

/** The load targets the HTTP bench checks (see bench/README.md). */
export const TARGETS = {
  currenciesMinRequestsPerSecond: 10_000,
  currenciesMaxP99Ms: 20,
  /** Our route (trace id, rate limit, security headers, schema validation) next to a one-route plain Fastify answering the same bytes and headers. */
  currenciesMinShareOfPlainFastify: 0.8,
  ssrMinRequestsPerSecond: 400,
  ssrMaxP99Ms: 100,
} as const;

/**
 * `pairedShare`: currencies / plain Fastify from alternating short runs (run.ts), which both see
 * the same machine; when given, the 80% check uses it instead of the two sequential runs.
 */
export function evaluateChecks(byKey: Map<string, Measurement>, pairedShare?: { share: number; rounds: number }): Check[] {
  const currencies = byKey.get("currencies");
  const fastify = byKey.get("fastify");
  const ssr = byKey.get("ssr");
  const ssrRender = byKey.get("ssr-render");
  const checks: Check[] = [];

  const add = (name: string, inputs: (Measurement | undefined)[], measured: () => string, passes: () => boolean) => {
    if (inputs.some((input) => input === undefined)) {
      checks.push({ name, measured: "-", status: "SKIPPED", note: "target not run (BENCH_TARGETS)" });
      return;
    }
    const invalid = inputs.filter((input) => input !== undefined && !isValid(input));
    if (invalid.length > 0) {
      checks.push({ name, measured: measured(), status: "FAIL", note: `invalid run: non-2xx answers or errors on ${invalid.map((input) => input?.label).join(", ")}` });
      return;
    }
    checks.push({ name, measured: measured(), status: passes() ? "PASS" : "FAIL" });
  };

  add(
    `/api/settings/currencies >= ${integer.format(TARGETS.currenciesMinRequestsPerSecond)} req/s`,
    [currencies],
    () => `${integer.format(currencies?.requestsPerSecond ?? 0)} req/s`,
    () => (currencies?.requestsPerSecond ?? 0) >= TARGETS.currenciesMinRequestsPerSecond,
  );
  add(
    `/api/settings/currencies p99 < ${TARGETS.currenciesMaxP99Ms} ms`,
    [currencies],
    () => `${integer.format(currencies?.latencyMs.p99 ?? 0)} ms`,
    () => (currencies?.latencyMs.p99 ?? Infinity) < TARGETS.currenciesMaxP99Ms,
  );
  add(
    `/api/settings/currencies >= ${TARGETS.currenciesMinShareOfPlainFastify * 100}% of plain Fastify (same bytes and headers)`,
    [currencies, fastify],
    () =>
      pairedShare
        ? `${oneDecimal.format(pairedShare.share * 100)}% (alternating runs, ${pairedShare.rounds} rounds; sequential runs ${oneDecimal.format(((currencies?.requestsPerSecond ?? 0) / (fastify?.requestsPerSecond || 1)) * 100)}%)`
        : `${oneDecimal.format(((currencies?.requestsPerSecond ?? 0) / (fastify?.requestsPerSecond || 1)) * 100)}% (${integer.format(currencies?.requestsPerSecond ?? 0)} / ${integer.format(fastify?.requestsPerSecond ?? 0)})`,
    () =>
      pairedShare
        ? pairedShare.share >= TARGETS.currenciesMinShareOfPlainFastify
        : (currencies?.requestsPerSecond ?? 0) >= TARGETS.currenciesMinShareOfPlainFastify * (fastify?.requestsPerSecond ?? Infinity),
  );
  // The page is checked twice: as guests get it (the guest page cache) and rendered for every
  // request (what a signed-in player's page costs); the second is the harder figure.
  for (const [label, measurement] of [
    ["SSR home page", ssr],
    ["SSR home page rendered each time", ssrRender],
  ] as const) {
    add(
      `${label} >= ${TARGETS.ssrMinRequestsPerSecond} req/s`,
      [measurement],
      () => `${integer.format(measurement?.requestsPerSecond ?? 0)} req/s`,
      () => (measurement?.requestsPerSecond ?? 0) >= TARGETS.ssrMinRequestsPerSecond,
    );
    add(
      `${label} p99 < ${TARGETS.ssrMaxP99Ms} ms`,
      [measurement],
      () => `${integer.format(measurement?.latencyMs.p99 ?? 0)} ms`,
      () => (measurement?.latencyMs.p99 ?? Infinity) < TARGETS.ssrMaxP99Ms,
    );
  }
  return checks;
}

export function formatChecks(checks: Check[]): string {
  const nameWidth = Math.max(...checks.map((check) => check.name.length));
  const measuredWidth = Math.max(...checks.map((check) => check.measured.length));
  return checks
    .map((check) => {
      const status = check.status === "PASS" ? "PASS" : check.status === "FAIL" ? "FAIL  <<<" : "SKIPPED";
      return `  ${check.name.padEnd(nameWidth)}  ${check.measured.padStart(measuredWidth)}  ${status}${check.note ? `  (${check.note})` : ""}`;
    })
    .join("\n");
}
