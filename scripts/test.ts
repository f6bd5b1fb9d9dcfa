// `npm test`: the one command CI runs (see .ci/run). It
//   1. makes sure the system packages the suites need are installed (installing them as root),
//   2. runs every suite in order, streaming its output and capturing a JSON report to count from,
//   3. prints a summary table and, as the very last line, `N passed, N failed[, N skipped]`.
// Exit code 0 only when nothing failed.
//
// TEST_ONLY=unit,integration-pglite runs a subset (suite names as in SUITE_NAMES below).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { ThrowawayPostgresCluster } from "./lib/postgres-cluster.ts";
import { killAllChildren, runCommand, stopAllChildren } from "./lib/processes.ts";
import {
  ONE_FAILED,
  outcomeOfSingleCheck,
  readPlaywrightCounts,
  readPlaywrightFailures,
  readVitestCounts,
  readVitestFailures,
  reconcileWithExit,
  type SuiteOutcome,
  type TestCounts,
} from "./lib/test-reports.ts";
import {
  CHROMIUM,
  ensureSystemPackages,
  findPostgresBinDir,
  POSTGRESQL,
  REDIS_SERVER,
  type SystemRequirement,
} from "./lib/system-packages.ts";

const REPO_ROOT = resolve(import.meta.dirname, "..");
const TEST_DATABASE_NAME = "playfair_test";
/** A hung suite must not eat CI's whole 40-minute budget. */
const SUITE_TIMEOUT_MS = 15 * 60_000;
/**
 * The browser suite takes about 9 minutes on a quiet 2-core machine, but a slow VM has taken it
 * well past 15; every other suite together stays under about 12 minutes there, so this still fits.
 */
const BROWSER_SUITE_TIMEOUT_MS = 25 * 60_000;

const SUITE_NAMES = ["typecheck", "lint", "boundaries", "build", "unit", "integration-pglite", "integration-postgres", "e2e"] as const;
type SuiteName = (typeof SUITE_NAMES)[number];

type SuiteContext = {
  /** Fresh per run, deleted at the end: JSON reports land here. */
  reportsDir: string;
  env: NodeJS.ProcessEnv;
  results: Map<string, SuiteResult>;
};

type Suite = {
  name: SuiteName;
  requires: SystemRequirement[];
  /** Suites whose result this one needs; TEST_ONLY pulls them in automatically. */
  dependsOn: SuiteName[];
  run: (context: SuiteContext) => Promise<SuiteOutcome>;
};

type SuiteResult = TestCounts & { name: string; durationMs: number; note?: string; failures?: string[] };

// The server uses Redis when REDIS_URL is set (realtime fan-out between nodes, shared request budgets);
// it is installed together with the other packages.
const SERVER_REQUIREMENTS = [REDIS_SERVER];

const SUITES: Suite[] = [
  { name: "typecheck", requires: [], dependsOn: [], run: (context) => runNpmScript("typecheck", context) },
  { name: "lint", requires: [], dependsOn: [], run: (context) => runNpmScript("lint", context) },
  // Import boundaries between domain folders (.dependency-cruiser.js): one check, one count.
  { name: "boundaries", requires: [], dependsOn: [], run: (context) => runNpmScript("check:boundaries", context) },
  { name: "build", requires: [], dependsOn: [], run: (context) => runNpmScript("build", context) },
  { name: "unit", requires: [], dependsOn: [], run: (context) => runVitestProject("unit", "unit", {}, context) },
  {
    name: "integration-pglite",
    requires: SERVER_REQUIREMENTS,
    dependsOn: [],
    // TEST_DATABASE_URL unset explicitly: a developer's shell may have one exported.
    run: (context) =>
      runVitestProject("integration", "integration-pglite", { TEST_DATABASE: "pglite", TEST_DATABASE_URL: undefined }, context),
  },
  {
    name: "integration-postgres",
    requires: [POSTGRESQL, ...SERVER_REQUIREMENTS],
    dependsOn: [],
    run: (context) =>
      withThrowawayPostgres((databaseUrl) =>
        runVitestProject(
          "integration",
          "integration-postgres",
          { TEST_DATABASE: "postgres", TEST_DATABASE_URL: databaseUrl },
          context,
        ),
      ),
  },
  {
    name: "e2e",
    requires: [CHROMIUM, ...SERVER_REQUIREMENTS],
    // The server serves the SSR site from the production build.
    dependsOn: ["build"],
    run: (context) => {
      const build = context.results.get("build");
      if (build !== undefined && build.failed > 0) return Promise.resolve({ counts: ONE_FAILED, note: "not run: build failed" });
      return runPlaywright(context);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Suite runners

function runNpmScript(script: string, context: SuiteContext): Promise<SuiteOutcome> {
  return runCommand("npm", ["run", script], { env: context.env, timeoutMs: SUITE_TIMEOUT_MS }).then(outcomeOfSingleCheck);
}

async function runVitestProject(
  project: string,
  reportName: string,
  extraEnv: NodeJS.ProcessEnv,
  context: SuiteContext,
): Promise<SuiteOutcome> {
  const reportFile = join(context.reportsDir, `${reportName}.json`);
  const outcome = await runCommand(
    localBin("vitest"),
    ["run", `--project=${project}`, "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`],
    { env: withEnv(context.env, extraEnv), timeoutMs: SUITE_TIMEOUT_MS },
  );
  return { ...reconcileWithExit(readVitestCounts(reportFile), outcome), failures: readVitestFailures(reportFile) };
}

async function runPlaywright(context: SuiteContext): Promise<SuiteOutcome> {
  const reportFile = join(context.reportsDir, "e2e.json");
  const outcome = await runCommand(
    localBin("playwright"),
    ["test", "--config=playwright.config.ts", "--reporter=list,json"],
    { env: withEnv(context.env, { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile }), timeoutMs: BROWSER_SUITE_TIMEOUT_MS },
  );
  const counts = readPlaywrightCounts(reportFile);
  const result: SuiteOutcome = { ...reconcileWithExit(counts, outcome), failures: readPlaywrightFailures(reportFile) };
  if (counts !== undefined && counts.flaky > 0) {
    result.note = [result.note, `${counts.flaky} flaky`].filter(Boolean).join("; ");
  }
  return result;
}

/** Runs `use` against a fresh cluster that is always stopped and deleted afterwards. */
async function withThrowawayPostgres(use: (databaseUrl: string) => Promise<SuiteOutcome>): Promise<SuiteOutcome> {
  const binDir = findPostgresBinDir();
  if (binDir === undefined) return { counts: ONE_FAILED, note: "PostgreSQL server binaries not found" };

  const cluster = new ThrowawayPostgresCluster(binDir);
  const stopCluster = () => cluster.stop();
  cleanupsOnInterrupt.add(stopCluster);
  try {
    try {
      await cluster.start(TEST_DATABASE_NAME);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return { counts: ONE_FAILED, note: "could not start PostgreSQL" };
    }
    console.log(`PostgreSQL (${binDir}) listening on 127.0.0.1:${cluster.port}, data in ${cluster.rootDir}`);
    return await use(cluster.urlFor(TEST_DATABASE_NAME));
  } finally {
    cluster.stop();
    cleanupsOnInterrupt.delete(stopCluster);
    console.log("PostgreSQL stopped and its temp directory removed");
  }
}

// ---------------------------------------------------------------------------------------------
// Environment

function localBin(name: string): string {
  return join(REPO_ROOT, "node_modules", ".bin", name);
}

/**
 * Children run on the same Node as this script (the pinned one, not the machine's), because the
 * `#!/usr/bin/env node` shebangs of npm, vitest and playwright resolve `node` through PATH.
 */
function childEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: [dirname(process.execPath), process.env.PATH].filter(Boolean).join(delimiter) };
}

/** Copies `base` with `overrides` applied; an undefined override removes the variable. */
function withEnv(base: NodeJS.ProcessEnv, overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// Selection (TEST_ONLY)

function selectSuites(testOnly: string | undefined): Suite[] {
  if (testOnly === undefined || testOnly.trim() === "") return SUITES;
  const requested = new Set(testOnly.split(",").map((name) => name.trim()).filter(Boolean));
  const unknown = [...requested].filter((name) => !SUITE_NAMES.includes(name as SuiteName));
  if (unknown.length > 0) {
    throw new UsageError(`TEST_ONLY: unknown suite(s) ${unknown.join(", ")}; known: ${SUITE_NAMES.join(", ")}`);
  }
  for (const suite of SUITES) {
    if (!requested.has(suite.name)) continue;
    for (const dependency of suite.dependsOn) {
      if (!requested.has(dependency)) console.log(`TEST_ONLY: also running "${dependency}", which "${suite.name}" needs`);
      requested.add(dependency);
    }
  }
  // Keep the canonical order whatever order TEST_ONLY lists them in.
  return SUITES.filter((suite) => requested.has(suite.name));
}

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Interrupts (Ctrl+C, CI cancelling the job)
//
// On the first SIGINT/SIGTERM the running suite is stopped (see stopAllChildren) and fails; no
// further suite starts, the usual `finally` blocks stop PostgreSQL and delete temp directories,
// and the summary is printed. Waiting for the suite matters: e.g. Playwright still writes its
// report after being interrupted. A second signal kills everything at once and runs the cleanups
// registered below directly.

let interruptedBy: "SIGINT" | "SIGTERM" | undefined;
const cleanupsOnInterrupt = new Set<() => void>();

function exitCodeForSignal(signal: "SIGINT" | "SIGTERM"): number {
  return 128 + { SIGINT: 2, SIGTERM: 15 }[signal];
}

function handleInterrupts(): void {
  const onSignal = (signal: "SIGINT" | "SIGTERM") => {
    if (interruptedBy === undefined) {
      interruptedBy = signal;
      console.error(`\nReceived ${signal}: stopping the running suite and skipping the rest (send it again to exit at once)`);
      stopAllChildren();
      return;
    }
    console.error(`\nReceived ${signal} again: killing everything and exiting`);
    killAllChildren();
    for (const cleanup of cleanupsOnInterrupt) cleanup();
    process.exit(exitCodeForSignal(interruptedBy));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

// ---------------------------------------------------------------------------------------------
// Output

function banner(title: string): void {
  console.log(`\n== ${title} ==`);
}

function formatCounts(counts: TestCounts): string {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  return parts.join(", ");
}

function formatDuration(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
}

function sumCounts(results: TestCounts[]): TestCounts {
  return results.reduce(
    (total, result) => ({
      passed: total.passed + result.passed,
      failed: total.failed + result.failed,
      skipped: total.skipped + result.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

function printSummary(results: SuiteResult[], totalMs: number): TestCounts {
  const total = sumCounts(results);
  const rows = [
    ["suite", "result", "passed", "failed", "skipped", "time", "note"],
    ...results.map((result) => [
      result.name,
      result.failed > 0 ? "FAIL" : "ok",
      String(result.passed),
      String(result.failed),
      String(result.skipped),
      formatDuration(result.durationMs),
      result.note ?? "",
    ]),
    ["total", total.failed > 0 ? "FAIL" : "ok", String(total.passed), String(total.failed), String(total.skipped), formatDuration(totalMs), ""],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const numeric = new Set([2, 3, 4, 5]);
  const formatRow = (row: string[]) =>
    row
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();

  banner("summary");
  rows.forEach((row, index) => {
    console.log(formatRow(row));
    if (index === 0 || index === rows.length - 2) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  });
  printFailures(results);
  console.log("");
  return total;
}

/** At most this many per suite: a broken build can fail hundreds of tests for one reason. */
const FAILURES_LISTED_PER_SUITE = 10;

function printFailures(results: SuiteResult[]): void {
  const failing = results.filter((result) => (result.failures ?? []).length > 0);
  if (failing.length === 0) return;
  console.log("\nfailed:");
  for (const result of failing) {
    const failures = result.failures!;
    for (const failure of failures.slice(0, FAILURES_LISTED_PER_SUITE)) console.log(`  ${result.name}: ${failure}`);
    const more = failures.length - FAILURES_LISTED_PER_SUITE;
    if (more > 0) console.log(`  ${result.name}: ... and ${more} more`);
  }
}

// ---------------------------------------------------------------------------------------------
// Main

async function runSuite(suite: Suite, context: SuiteContext): Promise<SuiteResult> {
  banner(suite.name);
  const startedAt = performance.now();
  let outcome: SuiteOutcome;
  try {
    outcome = await suite.run(context);
  } catch (error) {
    console.error(error);
    outcome = { counts: ONE_FAILED, note: "runner error" };
  }
  const note = interruptedBy === undefined ? outcome.note : `interrupted by ${interruptedBy}`;
  const result: SuiteResult = {
    name: suite.name,
    durationMs: performance.now() - startedAt,
    ...outcome.counts,
    note,
    failures: outcome.failures,
  };
  console.log(`== ${suite.name}: ${formatCounts(result)} in ${formatDuration(result.durationMs)}${result.note ? ` (${result.note})` : ""} ==`);
  return result;
}

async function checkPrerequisites(suites: Suite[], env: NodeJS.ProcessEnv): Promise<SuiteResult | undefined> {
  const needed = new Set(suites.flatMap((suite) => suite.requires));
  // One fixed order, so logs and the apt command line read the same on every run.
  const requirements = [POSTGRESQL, CHROMIUM, REDIS_SERVER].filter((requirement) => needed.has(requirement));
  if (requirements.length === 0) return undefined;
  banner("prerequisites");
  const startedAt = performance.now();
  try {
    await ensureSystemPackages(requirements, env);
    return undefined;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { name: "prerequisites", durationMs: performance.now() - startedAt, ...ONE_FAILED, note: "missing system packages" };
  }
}

async function main(): Promise<number> {
  process.chdir(REPO_ROOT);
  handleInterrupts();
  const startedAt = performance.now();

  let suites: Suite[];
  try {
    suites = selectSuites(process.env.TEST_ONLY);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }

  const env = childEnvironment();
  const results: SuiteResult[] = [];
  const prerequisitesFailure = await checkPrerequisites(suites, env);
  if (prerequisitesFailure !== undefined) {
    // Without the packages the run would only produce confusing failures; stop here.
    results.push(prerequisitesFailure);
  } else {
    const reportsDir = mkdtempSync(join(tmpdir(), "playfair-test-reports-"));
    cleanupsOnInterrupt.add(() => rmSync(reportsDir, { recursive: true, force: true }));
    const context: SuiteContext = { reportsDir, env, results: new Map() };
    try {
      for (const suite of suites) {
        if (interruptedBy !== undefined) break;
        const result = await runSuite(suite, context);
        context.results.set(suite.name, result);
        results.push(result);
      }
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
    }
  }

  const total = printSummary(results, performance.now() - startedAt);
  // Must stay the very last line of output: CI reads it.
  console.log(formatCounts(total));
  if (interruptedBy !== undefined) return exitCodeForSignal(interruptedBy);
  return total.failed === 0 ? 0 : 1;
}

process.exitCode = await main();
