// Figures, targets and formatting of the front-end performance benchmark (bench/lighthouse.ts).

export type Profile = "mobile" | "desktop";

/** One Lighthouse run of one page and profile. */
export type LighthouseRun = {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
};

export type PageResult = { page: string; path: string; profile: Profile; runs: LighthouseRun[]; median: LighthouseRun };

/** What the home page loads on a first visit, from the mobile run's network log. */
export type FirstLoadBytes = {
  /** Bytes on the wire, as the server sent them (compressed or not). */
  transferredTotal: number;
  transferredScript: number;
  /** gzip -9 size of every script the page loaded, whatever the server sent. */
  scriptGzip: number;
  scriptRaw: number;
  requests: number;
  scripts: { url: string; transferred: number; raw: number; gzip: number }[];
  /** Requests to any host other than the server under test (must stay empty). */
  foreignRequests: string[];
};

export type Check = { label: string; value: string; target: string; status: "PASS" | "FAIL" };

const TARGETS = {
  mobileScore: 95,
  mobileLcpMs: 2_000,
  cls: 0.05,
  mobileTbtMs: 150,
  desktopLcpMs: 1_000,
  /** 150 * 1024 bytes: the same budget as e2e/javascript-budget.spec.ts, which npm test enforces. */
  scriptGzipBytes: 150 * 1024,
  transferredBytes: 400 * 1024,
} as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median of each figure separately (Lighthouse's own advice for comparing runs). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const pick = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  return { score: pick("score"), lcpMs: pick("lcpMs"), cls: pick("cls"), tbtMs: pick("tbtMs"), fcpMs: pick("fcpMs"), speedIndexMs: pick("speedIndexMs") };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const status = (ok: boolean): Check["status"] => (ok ? "PASS" : "FAIL");

export function evaluateChecks(pages: PageResult[], bytes: FirstLoadBytes): Check[] {
  const checks: Check[] = [];
  for (const result of pages) {
    const { median: run, page, profile } = result;
    if (profile === "mobile") {
      checks.push({ label: `${page} mobile: performance score`, value: String(Math.round(run.score)), target: `>= ${TARGETS.mobileScore}`, status: status(Math.round(run.score) >= TARGETS.mobileScore) });
      checks.push({ label: `${page} mobile: LCP`, value: seconds(run.lcpMs), target: `<= ${seconds(TARGETS.mobileLcpMs)}`, status: status(run.lcpMs <= TARGETS.mobileLcpMs) });
      checks.push({ label: `${page} mobile: CLS`, value: run.cls.toFixed(3), target: `<= ${TARGETS.cls}`, status: status(run.cls <= TARGETS.cls) });
      checks.push({ label: `${page} mobile: TBT`, value: `${Math.round(run.tbtMs)} ms`, target: `<= ${TARGETS.mobileTbtMs} ms`, status: status(run.tbtMs <= TARGETS.mobileTbtMs) });
    } else {
      checks.push({ label: `${page} desktop: LCP`, value: seconds(run.lcpMs), target: `<= ${seconds(TARGETS.desktopLcpMs)}`, status: status(run.lcpMs <= TARGETS.desktopLcpMs) });
    }
  }
  checks.push({ label: "home first load: JavaScript (gzip)", value: kb(bytes.scriptGzip), target: `<= ${kb(TARGETS.scriptGzipBytes)}`, status: status(bytes.scriptGzip <= TARGETS.scriptGzipBytes) });
  checks.push({ label: "home first load: everything transferred", value: kb(bytes.transferredTotal), target: `<= ${kb(TARGETS.transferredBytes)}`, status: status(bytes.transferredTotal <= TARGETS.transferredBytes) });
  checks.push({ label: "home first load: requests to other hosts", value: String(bytes.foreignRequests.length), target: "0", status: status(bytes.foreignRequests.length === 0) });
  return checks;
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}

export function formatPageTable(pages: PageResult[]): string {
  const rows = [["page", "profile", "score", "LCP", "CLS", "TBT", "FCP", "Speed Index", "runs"]];
  for (const { page, profile, median: run, runs } of pages) {
    rows.push([page, profile, String(Math.round(run.score)), seconds(run.lcpMs), run.cls.toFixed(3), `${Math.round(run.tbtMs)} ms`, seconds(run.fcpMs), seconds(run.speedIndexMs), String(runs.length)]);
  }
  return pad(rows);
}

export function formatBytes(bytes: FirstLoadBytes): string {
  const rows = [["script", "transferred", "raw", "gzip -9"]];
  for (const script of bytes.scripts) rows.push([new URL(script.url).pathname, kb(script.transferred), kb(script.raw), kb(script.gzip)]);
  rows.push(["all scripts", kb(bytes.transferredScript), kb(bytes.scriptRaw), kb(bytes.scriptGzip)]);
  return `${pad(rows)}\n${bytes.requests} requests, ${kb(bytes.transferredTotal)} transferred in total.`;
}

export function formatChecks(checks: Check[]): string {
  return pad([["check", "value", "target", ""], ...checks.map((check) => [check.label, check.value, check.target, check.status])]);
}

/** A README section with the figures, ready to paste. */
export function formatMarkdown(pages: PageResult[], bytes: FirstLoadBytes, checks: Check[], context: { date: string; machine: string; lighthouse: string; chromium: string }): string {
  const lines = [
    "### Front-end performance (Lighthouse)",
    "",
    `Measured with \`node bench/lighthouse.ts\` on ${context.date.slice(0, 10)}: Lighthouse ${context.lighthouse}, ${context.chromium}, production build, ` +
      `medians of ${pages[0]?.runs.length ?? 0} runs; ${context.machine}.`,
    "",
    "| page | profile | score | LCP | CLS | TBT | FCP | Speed Index |",
    "| :-- | :-- | --: | --: | --: | --: | --: | --: |",
    ...pages.map(({ page, profile, median: run }) => `| ${page} | ${profile} | ${Math.round(run.score)} | ${seconds(run.lcpMs)} | ${run.cls.toFixed(3)} | ${Math.round(run.tbtMs)} ms | ${seconds(run.fcpMs)} | ${seconds(run.speedIndexMs)} |`),
    "",
    `Home page, first load: ${kb(bytes.scriptGzip)} of JavaScript (gzip -9 of ${bytes.scripts.length} files, ${kb(bytes.scriptRaw)} uncompressed), ` +
      `${kb(bytes.transferredTotal)} transferred in ${bytes.requests} requests.`,
    "",
    "| check | value | target | result |",
    "| :-- | --: | --: | :-: |",
    ...checks.map((check) => `| ${check.label} | ${check.value} | ${check.target} | ${check.status} |`),
  ];
  return lines.join("\n");
}
