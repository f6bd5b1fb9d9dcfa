import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPlaywrightFailures, readVitestFailures } from "./test-reports.ts";

function reportFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), "test-reports-")), "report.json");
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe("naming what failed", () => {
  it("names each failed Vitest test with its file and the first line of its error, and a file that failed to load", () => {
    const file = reportFile({
      testResults: [
        {
          name: "/tmp/clone/apps/server/src/modules/sport/feed.int.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "feed applies once", status: "passed", failureMessages: [] },
            { fullName: "feed keeps order", status: "failed", failureMessages: ["\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at line"] },
          ],
        },
        { name: "/tmp/clone/apps/web/app/broken.test.tsx", status: "failed", message: "Cannot find module './gone'", assertionResults: [] },
      ],
    });
    expect(readVitestFailures(file)).toEqual([
      "apps/server/src/modules/sport/feed.int.test.ts > feed keeps order: AssertionError: expected 2 to be 3",
      "apps/web/app/broken.test.tsx: Cannot find module './gone'",
    ]);
  });

  it("names only Playwright tests that failed in the end, not the flaky ones that passed on retry", () => {
    const file = reportFile({
      suites: [
        {
          suites: [
            {
              specs: [
                { title: "slip", file: "sportsbook.spec.ts", line: 12, tests: [{ status: "unexpected", results: [{ error: { message: "Timed out 5000ms\nmore" } }] }] },
                { title: "wallet", file: "wallet.spec.ts", line: 3, tests: [{ status: "flaky", results: [] }] },
              ],
            },
          ],
        },
      ],
    });
    expect(readPlaywrightFailures(file)).toEqual(["sportsbook.spec.ts:12 > slip: Timed out 5000ms"]);
  });

  it("names nothing when the report is missing", () => {
    expect(readVitestFailures("/nonexistent/report.json")).toEqual([]);
    expect(readPlaywrightFailures("/nonexistent/report.json")).toEqual([]);
  });
});
