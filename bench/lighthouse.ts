// Front-end performance benchmark: `node bench/lighthouse.ts` (not part of `npm test`).
//
//   1. builds the web app if apps/web/build/server/index.js is missing,
//   2. copies the build to a temporary directory (a rebuild while it runs cannot change what is
//      measured) and starts the production server on it (node apps/server/src/server.ts,
//      NODE_ENV=production, WEB_BUILD_DIR=<copy>) on a free loopback port with a fresh PGlite data
//      directory, as bench/run.ts does,
//   3. runs Lighthouse (performance only) with Debian's Chromium on the home page and the games
//      page, mobile profile (Lighthouse's default: simulated slow 4G and a 4x slower CPU) and
//      desktop profile, LIGHTHOUSE_RUNS times each (default 3), and takes the medians,
//   4. reads the home page's first load from the mobile run's network log: every script (its
//      transfer size and its gzip -9 size) and everything transferred; any request to another
//      host is listed (there must be none),
//   5. prints the figures, the PASS/FAIL checks against the front-end targets and a README
//      section ready to paste, writes everything as JSON to a temporary directory, stops the
//      server and removes the data directory.
//
// Exit code 0 whenever the benchmark ran, even when a target fails: it is a report.
//
// Environment:
//   LIGHTHOUSE_RUNS               runs per page and profile (default 3)
//   LIGHTHOUSE_IDLE_WAIT_SECONDS  before each run, wait up to this long for other processes to go quiet (default 30; 0: don't wait)
//   LIGHTHOUSE_PAGES              comma-separated subset of: home,games (default both)
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { waitForQuietMachine } from "./lib/cpu.ts";
import { freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import {
  evaluateChecks,
  formatBytes,
  formatChecks,
  formatMarkdown,
  formatPageTable,
  medianRun,
  type FirstLoadBytes,
  type LighthouseRun,
  type PageResult,
  type Profile,
} from "./lib/lighthouse-report.ts";
import { cleanUpOnEveryExit, runToCompletion, startChild, stopAllChildren } from "./lib/processes.ts";
import { formatMachine, machineInfo } from "./lib/report.ts";

const REPO_ROOT = resolve(import.meta.dirname, "..");
const NODE_BINARY = join(REPO_ROOT, "node_modules", ".bin", "node");
const SERVER_ENTRY = join("apps", "server", "src", "server.ts");
const WEB_SERVER_BUILD = join(REPO_ROOT, "apps", "web", "build", "server", "index.js");
const CHROMIUM = "/usr/bin/chromium";
/** The flags the Playwright tests use: no sandbox (root), no GPU, and no calls home. */
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const STARTUP_TIMEOUT_MS = 90_000;
const BUSY_MACHINE_PERCENT = 15;
const ALL_PAGES = [
  { key: "home", page: "home", path: "/" },
  { key: "games", page: "games", path: "/games" },
] as const;
/** Every variable apps/server/src/config.ts reads, cleared so the developer's shell cannot change the result. */
const SERVER_CONFIG_VARIABLES = [
  "NODE_ENV", "PORT", "HOST", "DATA_DIR", "DATABASE_URL", "DATABASE_POOL_SIZE", "LOG_LEVEL", "LOG_REQUESTS", "SLOW_REQUEST_MS",
  "BODY_LIMIT_BYTES", "TRUSTED_PROXIES", "CLIENT_IP_HEADER", "COUNTRY_HEADER", "RATE_LIMIT_ENABLED", "RATE_LIMIT_MAX",
  "RATE_LIMIT_WINDOW_MS", "WEB_BUILD_DIR", "PUBLIC_ORIGIN", "NODE_OPTIONS", "AFFILIATE_TAG_DAYS", "TAG_MANAGER_ID", "METRICS_ID",
  "PIXEL_URL", "SESSION_RECORDING_URL", "CHAT_HOST", "CHAT_TOKEN", "CAPTCHA_SITE_KEY",
];

function numberFromEnv(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (!allowZero && value === 0)) throw new Error(`${name} must be a ${allowZero ? "non-negative" : "positive"} integer, got "${raw}"`);
  return value;
}

function selectedPages() {
  const raw = process.env.LIGHTHOUSE_PAGES?.trim();
  if (!raw) return [...ALL_PAGES];
  const keys = raw.split(",").map((key) => key.trim());
  const unknown = keys.filter((key) => !ALL_PAGES.some((page) => page.key === key));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_PAGES: unknown page(s) ${unknown.join(", ")}; known: ${ALL_PAGES.map((page) => page.key).join(", ")}`);
  return ALL_PAGES.filter((page) => keys.includes(page.key));
}

// ---------------------------------------------------------------------------------------------
// Clean-up on every way out: the server child, Chromium and the data directory.

let dataRoot: string | undefined;
let chrome: LaunchedChrome | undefined;

function cleanUp() {
  try {
    chrome?.kill();
  } catch {
    // Already gone.
  }
  chrome = undefined;
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
  dataRoot = undefined;
}

const exits = cleanUpOnEveryExit({ cleanUp, whatStops: "Chromium and the server" });

// ---------------------------------------------------------------------------------------------

async function ensureWebBuild() {
  if (existsSync(WEB_SERVER_BUILD)) return;
  console.log(`The production web build is missing (${WEB_SERVER_BUILD}); running \`npm run build\`...`);
  const code = await runToCompletion("npm", ["run", "build"], { cwd: REPO_ROOT, env: process.env });
  if (code !== 0 || !existsSync(WEB_SERVER_BUILD)) throw new Error(`\`npm run build\` failed (exit code ${code})`);
}

async function startServer(root: string) {
  const port = await freePort();
  const buildCopy = join(root, "web-build");
  cpSync(join(REPO_ROOT, "apps", "web", "build"), buildCopy, { recursive: true });
  // The server bundle imports its packages (react, react-router, ...) by name; Node finds them by
  // walking up from the bundle, so the copy needs the repository's node_modules above it.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_CONFIG_VARIABLES) delete env[name];
  Object.assign(env, { NODE_ENV: "production", PORT: String(port), HOST: LOOPBACK, DATA_DIR: join(root, "data"), WEB_BUILD_DIR: buildCopy, LOG_LEVEL: "warn" });
  const child = startChild("server", NODE_BINARY, [SERVER_ENTRY], { cwd: REPO_ROOT, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/health`, child, STARTUP_TIMEOUT_MS);
  return { child, origin };
}

type NetworkItem = { url: string; transferSize?: number; resourceSize?: number; resourceType?: string };
type RunOutput = { run: LighthouseRun; network: NetworkItem[]; lighthouseVersion: string; userAgent: string };

async function runLighthouse(url: string, profile: Profile, port: number): Promise<RunOutput> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
  const config: Config | undefined = profile === "desktop" ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse did not measure ${id} on ${url}${lhr.runWarnings.length > 0 ? ` (${lhr.runWarnings.join("; ")})` : ""}`);
    return value;
  };
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  return {
    run: {
      score: (lhr.categories.performance?.score ?? 0) * 100,
      lcpMs: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbtMs: numeric("total-blocking-time"),
      fcpMs: numeric("first-contentful-paint"),
      speedIndexMs: numeric("speed-index"),
    },
    network: details?.items ?? [],
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
  };
}

const RUN_ATTEMPTS = 3;

async function launchChromium(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "error" });
}

/**
 * A Lighthouse run with a fresh Chromium for each attempt after a failure: on a busy machine a
 * trace is sometimes lost (NO_NAVSTART, NO_FCP), which says nothing about the page.
 */
async function measuredRun(url: string, profile: Profile): Promise<RunOutput> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      chrome ??= await launchChromium();
      return await runLighthouse(url, profile, chrome.port);
    } catch (error) {
      if (attempt >= RUN_ATTEMPTS) throw error;
      console.log(`  (run failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}; retrying with a fresh Chromium)`);
      try {
        chrome?.kill();
      } catch {
        // Already gone.
      }
      chrome = undefined;
    }
  }
}

async function firstLoadBytes(network: NetworkItem[], origin: string): Promise<FirstLoadBytes> {
  const requests = network.filter((item) => !item.url.startsWith("data:"));
  const foreignRequests = requests.filter((item) => new URL(item.url).origin !== origin).map((item) => item.url);
  const scripts: FirstLoadBytes["scripts"] = [];
  for (const item of requests.filter((request) => request.resourceType === "Script")) {
    // The exact bytes the browser ran, compressed here the way a gzip-serving server would.
    const body = Buffer.from(await (await fetch(item.url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    scripts.push({ url: item.url, transferred: item.transferSize ?? 0, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    transferredTotal: sum(requests.map((item) => item.transferSize ?? 0)),
    transferredScript: sum(scripts.map((script) => script.transferred)),
    scriptGzip: sum(scripts.map((script) => script.gzip)),
    scriptRaw: sum(scripts.map((script) => script.raw)),
    requests: requests.length,
    scripts,
    foreignRequests,
  };
}

/** "156.0.8078.79" (the user agent only says 156.0.0.0). */
function chromiumVersion(): string | undefined {
  try {
    return /Chromium ([\d.]+)/.exec(execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))?.[1];
  } catch {
    return undefined;
  }
}

async function main() {
  const runsPerPage = numberFromEnv("LIGHTHOUSE_RUNS", 3);
  const idleWaitSeconds = numberFromEnv("LIGHTHOUSE_IDLE_WAIT_SECONDS", 30, { allowZero: true });
  const pages = selectedPages();
  const startedAt = new Date();
  const machine = machineInfo();

  console.log("Playfair front-end performance benchmark (Lighthouse)");
  console.log(formatMachine(machine));
  console.log(`${runsPerPage} run(s) per page and profile, medians reported.\n`);

  await ensureWebBuild();
  dataRoot = mkdtempSync(join(tmpdir(), "playfair-lighthouse-"));
  console.log("Starting the server (NODE_ENV=production, PGlite in a fresh data directory)...");
  const server = await startServer(dataRoot);
  console.log(`  server ready at ${server.origin} (pid ${server.child.process.pid})`);
  chrome = await launchChromium();
  console.log(`  Chromium ready (pid ${chrome.pid}, DevTools port ${chrome.port})\n`);

  // One unmeasured load warms the server (first render, module caches) and Chromium.
  await measuredRun(`${server.origin}/`, "mobile");

  const results: PageResult[] = [];
  let homeNetwork: NetworkItem[] | undefined;
  let lighthouseVersion = "";
  let userAgent = "";
  for (const profile of ["mobile", "desktop"] as const) {
    for (const { page, path } of pages) {
      const runs: LighthouseRun[] = [];
      for (let index = 0; index < runsPerPage; index += 1) {
        if (idleWaitSeconds > 0) {
          const { waitedMs, quiet } = await waitForQuietMachine([process.pid, server.child.process.pid ?? 0, chrome?.pid ?? 0], { maxWaitMs: idleWaitSeconds * 1000, thresholdPercent: BUSY_MACHINE_PERCENT });
          if (!quiet) console.log(`  (other processes were still busy after ${Math.round(waitedMs / 1000)} s; measuring anyway, figures may be worse)`);
        }
        if (exits.isInterrupted()) return;
        const output = await measuredRun(`${server.origin}${path}`, profile);
        runs.push(output.run);
        lighthouseVersion = output.lighthouseVersion;
        userAgent = output.userAgent;
        if (profile === "mobile" && page === "home" && !homeNetwork) homeNetwork = output.network;
        console.log(`  ${page} ${profile} run ${index + 1}: score ${Math.round(output.run.score)}, LCP ${Math.round(output.run.lcpMs)} ms, CLS ${output.run.cls.toFixed(3)}, TBT ${Math.round(output.run.tbtMs)} ms`);
      }
      results.push({ page, path, profile, runs, median: medianRun(runs) });
    }
  }
  if (!homeNetwork) {
    const home = await measuredRun(`${server.origin}/`, "mobile");
    homeNetwork = home.network;
  }
  const bytes = await firstLoadBytes(homeNetwork, server.origin);
  const checks = evaluateChecks(results, bytes);
  const chromium = chromiumVersion() ?? /(?:Headless)?Chrome\/([\d.]+)/.exec(userAgent)?.[1];

  console.log(`\nResults (${startedAt.toISOString()}; medians; mobile = Lighthouse's simulated slow 4G and 4x CPU slowdown)\n`);
  console.log(formatPageTable(results));
  console.log("\nHome page, first load (mobile run):\n");
  console.log(formatBytes(bytes));
  if (bytes.foreignRequests.length > 0) console.log(`\nRequests to other hosts:\n  ${bytes.foreignRequests.join("\n  ")}`);
  console.log("\nTargets:\n");
  console.log(formatChecks(checks));
  const failed = checks.filter((check) => check.status === "FAIL").length;
  console.log(failed > 0 ? `\n${failed} target check(s) FAIL.` : "\nAll target checks PASS.");
  console.log("\nMarkdown for the README:\n");
  console.log(
    formatMarkdown(results, bytes, checks, {
      date: startedAt.toISOString(),
      machine: `${machine.cpuModel}, ${machine.cores} cores`,
      lighthouse: lighthouseVersion,
      chromium: chromium ? `Chromium ${chromium}` : "Chromium",
    }),
  );

  const resultsDir = mkdtempSync(join(tmpdir(), "playfair-lighthouse-results-"));
  const resultsFile = join(resultsDir, "results.json");
  writeFileSync(resultsFile, `${JSON.stringify({ date: startedAt.toISOString(), machine, lighthouseVersion, userAgent, results, bytes, checks }, null, 2)}\n`);
  console.log(`\nResults as JSON: ${resultsFile}`);
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error("\nThe benchmark could not run:", error instanceof Error ? error.message : error);
} finally {
  if (!exits.isInterrupted()) {
    cleanUp();
    await stopAllChildren();
  }
}
