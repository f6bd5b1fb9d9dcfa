// Turning what a suite produced (a JSON report and an exit status) into pass/fail/skip counts.
import { readFileSync } from "node:fs";
import { describeOutcome, succeeded, type CommandOutcome } from "./processes.ts";

export type TestCounts = { passed: number; failed: number; skipped: number };

/** `failures` names what failed, so the end of a long log still says which test to look at. */
export type SuiteOutcome = { counts: TestCounts; note?: string; failures?: string[] };

/** Enough of an error message to recognise it; the full text is above in the suite's own output. */
const FAILURE_MESSAGE_CHARS = 240;

const ONE_PASSED: TestCounts = { passed: 1, failed: 0, skipped: 0 };
export const ONE_FAILED: TestCounts = { passed: 0, failed: 1, skipped: 0 };

/** For suites that are a single check (typecheck, lint, build): the exit status is the result. */
export function outcomeOfSingleCheck(outcome: CommandOutcome): SuiteOutcome {
  return succeeded(outcome) ? { counts: ONE_PASSED } : { counts: ONE_FAILED, note: describeOutcome(outcome) };
}

/** Vitest's JSON reporter uses Jest's result format. */
export function readVitestCounts(reportFile: string): TestCounts | undefined {
  const report = readJsonObject(reportFile);
  if (report === undefined) return undefined;
  return {
    passed: countField(report, "numPassedTests"),
    failed: countField(report, "numFailedTests") + countFilesFailedBeforeAnyTest(report),
    skipped: countField(report, "numPendingTests") + countField(report, "numTodoTests"),
  };
}

/**
 * A test file that fails to import or collect has no tests in the counts at all; count it as one
 * failure so it cannot hide behind other files' results.
 */
function countFilesFailedBeforeAnyTest(report: Record<string, unknown>): number {
  const files = Array.isArray(report["testResults"]) ? (report["testResults"] as unknown[]) : [];
  return files.filter((file) => {
    const record = file as { status?: unknown; assertionResults?: unknown };
    return record.status === "failed" && Array.isArray(record.assertionResults) && record.assertionResults.length === 0;
  }).length;
}

/** "file > test name: first line of the error" for every failed Vitest test or file. */
export function readVitestFailures(reportFile: string): string[] {
  const report = readJsonObject(reportFile);
  const files = Array.isArray(report?.["testResults"]) ? (report["testResults"] as unknown[]) : [];
  const failures: string[] = [];
  for (const file of files) {
    const record = file as { name?: unknown; status?: unknown; message?: unknown; assertionResults?: unknown };
    const fileName = typeof record.name === "string" ? relativeToRepo(record.name) : "?";
    const tests = Array.isArray(record.assertionResults) ? (record.assertionResults as unknown[]) : [];
    const failedTests = tests.filter((test) => (test as { status?: unknown }).status === "failed");
    for (const test of failedTests) {
      const { fullName, failureMessages } = test as { fullName?: unknown; failureMessages?: unknown };
      const message = Array.isArray(failureMessages) ? failureMessages[0] : undefined;
      failures.push(describeFailure(`${fileName} > ${String(fullName)}`, message));
    }
    if (record.status === "failed" && failedTests.length === 0) failures.push(describeFailure(fileName, record.message));
  }
  return failures;
}

/** "file:line > title: first line of the error" for every Playwright test that failed in the end. */
export function readPlaywrightFailures(reportFile: string): string[] {
  const report = readJsonObject(reportFile);
  const failures: string[] = [];
  const visit = (suite: unknown) => {
    const { suites, specs } = suite as { suites?: unknown; specs?: unknown };
    for (const spec of Array.isArray(specs) ? specs : []) {
      const { title, file, line, tests } = spec as { title?: unknown; file?: unknown; line?: unknown; tests?: unknown };
      for (const test of Array.isArray(tests) ? tests : []) {
        const { status, results } = test as { status?: unknown; results?: unknown };
        if (status !== "unexpected") continue;
        const lastResult = Array.isArray(results) ? (results.at(-1) as { error?: { message?: unknown } } | undefined) : undefined;
        failures.push(describeFailure(`${String(file)}:${String(line)} > ${String(title)}`, lastResult?.error?.message));
      }
    }
    for (const child of Array.isArray(suites) ? suites : []) visit(child);
  };
  visit(report ?? {});
  return failures;
}

function describeFailure(where: string, message: unknown): string {
  if (typeof message !== "string" || message.trim() === "") return where;
  // Terminal colours make no sense in a log that is read as text.
  // eslint-disable-next-line no-control-regex
  const firstLine = message.replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0]!;
  return `${where}: ${firstLine.slice(0, FAILURE_MESSAGE_CHARS)}`;
}

function relativeToRepo(path: string): string {
  const marker = path.search(/\/(apps|packages|scripts|e2e|bench)\//);
  return marker >= 0 ? path.slice(marker + 1) : path;
}

export type PlaywrightCounts = TestCounts & { flaky: number };

/** Playwright's JSON reporter: stats.expected/unexpected/flaky/skipped. */
export function readPlaywrightCounts(reportFile: string): PlaywrightCounts | undefined {
  const report = readJsonObject(reportFile);
  const stats = report?.["stats"];
  if (typeof stats !== "object" || stats === null) return undefined;
  const statsRecord = stats as Record<string, unknown>;
  const flaky = countField(statsRecord, "flaky");
  return {
    // A flaky test did pass in the end (on its retry; playwright.config.ts retries once in CI).
    passed: countField(statsRecord, "expected") + flaky,
    failed: countField(statsRecord, "unexpected"),
    skipped: countField(statsRecord, "skipped"),
    flaky,
  };
}

/**
 * Combines a suite's report with how its process ended. A crash before the report was written
 * counts as one failure, and so does a failing exit with no failed test in the report (e.g. a
 * test file that could not be imported, an unhandled error, no tests found): CI must go red.
 */
export function reconcileWithExit(counts: TestCounts | undefined, outcome: CommandOutcome): SuiteOutcome {
  if (counts === undefined) {
    return { counts: ONE_FAILED, note: `no report produced (${describeOutcome(outcome)})` };
  }
  if (!succeeded(outcome) && counts.failed === 0) {
    return { counts: { ...counts, failed: 1 }, note: `${describeOutcome(outcome)} although no test failed` };
  }
  return { counts, note: succeeded(outcome) ? undefined : describeOutcome(outcome) };
}

function readJsonObject(file: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function countField(record: Record<string, unknown>, field: string): number {
  const value = record[field];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}
