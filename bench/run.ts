// `npm run bench`: HTTP benchmarks of the production build, as described in bench/README.md.
//
//   1. builds the web app if apps/web/build/server/index.js is missing (or BENCH_REBUILD=1), and
//      warns when the build is older than its sources,
//   2. starts the real server exactly as production does (node apps/server/src/server.ts,
//      NODE_ENV=production) on a free loopback port with a fresh PGlite data directory,
//   3. starts bench/plain-fastify-server.ts: a one-route plain Fastify answering the same
//      currencies bytes and headers, the reference of the API target,
//   4. runs autocannon in this process against each target (warm-up, then the measured run),
//   5. prints machine info, the figures and the PASS/FAIL target checks, writes them as JSON to a
//      temporary directory, stops the children and removes the data directory.
//
// Exit code 0 whenever the benchmark itself ran, even when a target fails: it is a report.
//
// Environment:
//   BENCH_DURATION_SECONDS  measured seconds per target (default 10)
//   BENCH_WARMUP_SECONDS    warm-up seconds per target, not counted (default 3)
//   BENCH_RENDER_WARMUP_SECONDS  warm-up of the rendered-each-time page target (default 30: the render
//                           path keeps getting faster for about 45 s after start, see bench/README.md)
//   BENCH_TARGETS           comma-separated subset of: health,currencies,ssr,ssr-render,fastify (default all)
//   BENCH_IDLE_WAIT_SECONDS before each target, wait up to this long for other processes to go quiet (default 60; 0: don't wait)
//   BENCH_REBUILD           "1": run `npm run build` first even when a build exists
//   BENCH_CPU_PROF          "1": run the server child with --cpu-prof; the profile lands next to the JSON results
//   BENCH_PAIRED_ROUNDS     rounds of alternating 3 s runs of currencies and plain Fastify for the API ratio (default 6; 0: skip)
//   BENCH_SERVER_ENV        extra server environment for investigations, e.g. "RATE_LIMIT_ENABLED=false,LOG_LEVEL=silent"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { waitForQuietMachine } from "./lib/cpu.ts";
import { fetchOnce, freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import { measure, stopCurrentLoad, type Measurement, type Target } from "./lib/load.ts";
import { cleanUpOnEveryExit, runToCompletion, startChild, stopAllChildren, type ChildHandle } from "./lib/processes.ts";
import { evaluateChecks, formatChecks, formatMachine, formatMarkdownTable, formatTable, isValid, machineInfo, TARGETS } from "./lib/report.ts";

const REPO_ROOT = resolve(import.meta.dirname, "..");
const NODE_BINARY = join(REPO_ROOT, "node_modules", ".bin", "node");
const SERVER_ENTRY = join("apps", "server", "src", "server.ts");
const WEB_SERVER_BUILD = join(REPO_ROOT, "apps", "web", "build", "server", "index.js");
const PLAIN_FASTIFY_SERVER_ENTRY = join("bench", "plain-fastify-server.ts");
/** Response headers that differ per request or per connection: not copied to the plain Fastify server. */
const PER_REQUEST_HEADERS = new Set(["content-length", "date", "connection", "keep-alive", "x-trace-id"]);
/** What the web build is made from, for the staleness warning. */
const WEB_SOURCE_DIRECTORIES = [join("apps", "web", "app"), join("packages", "contracts", "src")];
const ALL_TARGET_KEYS = ["health", "currencies", "ssr", "ssr-render", "fastify"] as const;
const JSON_CONNECTIONS = 50;
const SSR_CONNECTIONS = 20;
/** Alternating runs of currencies and plain Fastify for the API ratio (BENCH_PAIRED_ROUNDS, 0 to skip). */
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 6);
const PAIRED_SECONDS = 3;
const API_SHARE_OF_PLAIN_FASTIFY = TARGETS.currenciesMinShareOfPlainFastify;
const STARTUP_TIMEOUT_MS = 90_000;
/** Above this much CPU (percent of one core) used by other processes during a run, the report warns. */
const BUSY_MACHINE_PERCENT = 15;
/**
 * Every variable apps/server/src/config.ts reads. They are cleared from the inherited environment
 * so a developer's shell (say DATABASE_URL or LOG_REQUESTS) cannot change what is measured.
 */
const SERVER_CONFIG_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "DATABASE_POOL_SIZE",
  "GUEST_PAGE_CACHE_MS",
  "RENDER_WORKERS",
  "LOG_LEVEL",
  "LOG_REQUESTS",
  "SLOW_REQUEST_MS",
  "BODY_LIMIT_BYTES",
  "TRUSTED_PROXIES",
  "CLIENT_IP_HEADER",
  "COUNTRY_HEADER",
  "RATE_LIMIT_ENABLED",
  "RATE_LIMIT_MAX",
  "RATE_LIMIT_WINDOW_MS",
  "REDIS_URL",
  "WEB_BUILD_DIR",
  "PUBLIC_ORIGIN",
  "NODE_OPTIONS",
];

function positiveNumberFromEnv(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) throw new Error(`${name} must be a ${allowZero ? "non-negative" : "positive"} number, got "${raw}"`);
  return value;
}

function selectedTargets(): Set<string> {
  const raw = process.env.BENCH_TARGETS?.trim();
  if (!raw) return new Set(ALL_TARGET_KEYS);
  const keys = raw.split(",").map((key) => key.trim()).filter(Boolean);
  const unknown = keys.filter((key) => !(ALL_TARGET_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new Error(`BENCH_TARGETS: unknown target(s) ${unknown.join(", ")}; known: ${ALL_TARGET_KEYS.join(", ")}`);
  return new Set(keys);
}

function extraServerEnv(): Record<string, string> {
  const raw = process.env.BENCH_SERVER_ENV?.trim();
  if (!raw) return {};
  const extra: Record<string, string> = {};
  for (const pair of raw.split(",")) {
    const separator = pair.indexOf("=");
    if (separator <= 0) throw new Error(`BENCH_SERVER_ENV: expected KEY=VALUE pairs, got "${pair}"`);
    extra[pair.slice(0, separator).trim()] = pair.slice(separator + 1).trim();
  }
  return extra;
}

// ---------------------------------------------------------------------------------------------
// Clean-up: children are stopped and the data directory removed on every way out.

let dataRoot: string | undefined;
let resultsDir: string | undefined;

/** Removes the server's data directory, and the results directory when nothing was written to it. */
function removeTemporaryFiles() {
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
  dataRoot = undefined;
  try {
    if (resultsDir) rmdirSync(resultsDir);
  } catch {
    // Not empty: it holds the results or a CPU profile.
  }
  resultsDir = undefined;
}

const exits = cleanUpOnEveryExit({
  cleanUp: removeTemporaryFiles,
  whatStops: "the load generator and the servers",
  onInterrupt: stopCurrentLoad,
});

// ---------------------------------------------------------------------------------------------

/** The newest modification time of the files a web build is made from. */
function newestWebSourceMtimeMs(): { mtimeMs: number; file: string } {
  let newest = { mtimeMs: 0, file: "" };
  const visit = (directory: string) => {
    if (!existsSync(directory)) return;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) continue;
      // Tests are not part of the build: a checkout that touches only them leaves the build current.
      if (/\.test\.tsx?$/.test(entry.name)) continue;
      const entryPath = join(directory, entry.name);
      if (entry.isDirectory()) visit(entryPath);
      else if (entry.isFile()) {
        const { mtimeMs } = statSync(entryPath);
        if (mtimeMs > newest.mtimeMs) newest = { mtimeMs, file: entryPath };
      }
    }
  };
  for (const directory of WEB_SOURCE_DIRECTORIES) visit(join(REPO_ROOT, directory));
  return newest;
}

/**
 * Builds the web app when the build is missing, or when BENCH_REBUILD=1. A build older than its
 * sources is measured as it is (another process may be building right now), with a warning.
 */
async function ensureWebBuild(forceRebuild: boolean): Promise<void> {
  if (existsSync(WEB_SERVER_BUILD) && !forceRebuild) {
    const builtAt = statSync(WEB_SERVER_BUILD).mtimeMs;
    const newest = newestWebSourceMtimeMs();
    if (newest.mtimeMs > builtAt) {
      console.log(
        `WARNING: the web build (${new Date(builtAt).toISOString()}) is older than its sources ` +
          `(${relative(REPO_ROOT, newest.file)}, ${new Date(newest.mtimeMs).toISOString()}); the SSR figure is for the old build. ` +
          "BENCH_REBUILD=1 rebuilds first.\n",
      );
    }
    return;
  }
  console.log(forceRebuild ? "Rebuilding the web app (`npm run build`)..." : `The production web build is missing (${WEB_SERVER_BUILD}); running \`npm run build\`...`);
  const code = await runToCompletion("npm", ["run", "build"], { cwd: REPO_ROOT, env: process.env });
  if (code !== 0 || !existsSync(WEB_SERVER_BUILD)) throw new Error(`\`npm run build\` failed (exit code ${code})`);
  console.log("");
}

async function startServer(options: { resultsDir: string; cpuProfile: boolean; extraEnv: Record<string, string> }): Promise<{ child: ChildHandle; origin: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_CONFIG_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: join(dataRoot ?? tmpdir(), "data"),
    // The per-IP limiter stays on so its cost is measured; the budget must not cap one load generator.
    RATE_LIMIT_MAX: "100000000",
    // The sportsbook feed is another workload; these figures are the measured path alone.
    SPORT_FEED: "off",
    LOG_LEVEL: "warn",
    ...options.extraEnv,
  });
  const nodeFlags = options.cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${join(options.resultsDir, "cpu-profile")}`] : [];
  const child = startChild("server", NODE_BINARY, [...nodeFlags, SERVER_ENTRY], { cwd: REPO_ROOT, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/health`, child, STARTUP_TIMEOUT_MS);
  return { child, origin };
}

/**
 * Starts a reference server (bench/*-server.ts) on a free loopback port with the arguments
 * `argsAfterPort`, and waits until it answers the currencies path.
 */
async function startReferenceServer(name: string, entry: string, argsAfterPort: string[]): Promise<{ child: ChildHandle; origin: string }> {
  const port = await freePort();
  const child = startChild(name, NODE_BINARY, [entry, String(port), ...argsAfterPort], { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: "" } });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/settings/currencies`, child, STARTUP_TIMEOUT_MS);
  return { child, origin };
}

/** The real answer's headers that are the same on every request. */
function constantHeadersOf(headers: Headers): Record<string, string> {
  const constant: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!PER_REQUEST_HEADERS.has(name)) constant[name] = value;
  });
  return constant;
}

function describe(measurement: Measurement): string {
  const status = isValid(measurement)
    ? ""
    : `  INVALID: ${measurement.non2xx} non-2xx (${JSON.stringify(measurement.statusCodes)}), ${measurement.errors} errors, ${measurement.timeouts} timeouts` +
      (measurement.errorSamples.length > 0 ? ` [${measurement.errorSamples.join("; ")}]` : "");
  const cpu = measurement.cpu
    ? `, CPU: server ${measurement.cpu.serverPercent}%, autocannon ${measurement.cpu.loadGeneratorPercent}%, others ${measurement.cpu.othersPercent}%`
    : "";
  const logs = measurement.serverLogLines ? `, ${measurement.serverLogLines} server log line(s)` : "";
  return `${Math.round(measurement.requestsPerSecond)} req/s, p50 ${measurement.latencyMs.p50} ms, p99 ${measurement.latencyMs.p99} ms${cpu}${logs}${status}`;
}

async function main() {
  const durationSeconds = positiveNumberFromEnv("BENCH_DURATION_SECONDS", 10);
  const warmupSeconds = positiveNumberFromEnv("BENCH_WARMUP_SECONDS", 3, { allowZero: true });
  const renderWarmupSeconds = positiveNumberFromEnv("BENCH_RENDER_WARMUP_SECONDS", 30, { allowZero: true });
  const idleWaitSeconds = positiveNumberFromEnv("BENCH_IDLE_WAIT_SECONDS", 60, { allowZero: true });
  const targetKeys = selectedTargets();
  const cpuProfile = process.env.BENCH_CPU_PROF === "1";
  const extraEnv = extraServerEnv();
  const machine = machineInfo();
  const startedAt = new Date();

  console.log("Playfair HTTP benchmark");
  console.log(formatMachine(machine));
  console.log(
    `${warmupSeconds} s warm-up (${renderWarmupSeconds} s for the page rendered each time) + ${durationSeconds} s measured per target; autocannon runs in this process and shares the CPUs with the server.`,
  );
  if (Object.keys(extraEnv).length > 0) console.log(`Server environment overrides (BENCH_SERVER_ENV): ${JSON.stringify(extraEnv)} - not the production configuration.`);
  console.log("");

  await ensureWebBuild(process.env.BENCH_REBUILD === "1");
  dataRoot = mkdtempSync(join(tmpdir(), "playfair-bench-"));
  const resultsPath = mkdtempSync(join(tmpdir(), "playfair-bench-results-"));
  resultsDir = resultsPath;

  console.log("Starting the server (NODE_ENV=production, PGlite in a fresh data directory)...");
  const server = await startServer({ resultsDir: resultsPath, cpuProfile, extraEnv });
  console.log(`  server ready at ${server.origin} (pid ${server.child.process.pid})`);

  // Fetch the real answers once: they must be right before their speed means anything.
  const currencies = await fetchOnce(`${server.origin}/api/settings/currencies`);
  if (currencies.status !== 200 || !currencies.contentType.startsWith("application/json")) {
    throw new Error(`/api/settings/currencies answered ${currencies.status} (${currencies.contentType}): ${currencies.body.slice(0, 500)}`);
  }
  const currencyCount = (JSON.parse(currencies.body) as { data?: unknown[] }).data?.length ?? 0;
  console.log(`  /api/settings/currencies: ${Buffer.byteLength(currencies.body)} bytes, ${currencyCount} currencies, ${currencies.contentType}`);
  const home = await fetchOnce(`${server.origin}/`, { accept: "text/html" });
  if (home.status !== 200 || !home.contentType.startsWith("text/html")) {
    throw new Error(`The SSR home page answered ${home.status} (${home.contentType}): ${home.body.slice(0, 500)}`);
  }
  console.log(`  SSR home page: ${Buffer.byteLength(home.body)} bytes, ${home.contentType}`);

  // The reference answers the exact bytes and headers the real endpoint sent.
  const bodyFile = join(dataRoot, "currencies.json");
  writeFileSync(bodyFile, currencies.body);
  const answerHeaders = constantHeadersOf(currencies.headers);
  const headersFile = join(dataRoot, "plain-fastify-headers.json");
  writeFileSync(headersFile, JSON.stringify(answerHeaders));
  const plainFastify = await startReferenceServer("plain Fastify server", PLAIN_FASTIFY_SERVER_ENTRY, [bodyFile, headersFile]);
  const plainAnswer = await fetchOnce(`${plainFastify.origin}/api/settings/currencies`);
  if (plainAnswer.body !== currencies.body || JSON.stringify(constantHeadersOf(plainAnswer.headers)) !== JSON.stringify(answerHeaders)) {
    throw new Error("The plain Fastify server does not answer the same body and headers as the real endpoint.");
  }
  console.log(
    `  plain Fastify reference ready at ${plainFastify.origin} (pid ${plainFastify.child.process.pid}), same body and headers (${Object.keys(answerHeaders).join(", ")}, x-trace-id)`,
  );
  console.log("");

  const serverPid = server.child.process.pid ?? 0;
  const plainFastifyPid = plainFastify.child.process.pid ?? 0;
  const watchedPids = [serverPid, plainFastifyPid];
  const allTargets: Target[] = [
    { key: "health", label: "GET /api/health", url: `${server.origin}/api/health`, connections: JSON_CONNECTIONS, serverPid },
    { key: "currencies", label: "GET /api/settings/currencies", url: `${server.origin}/api/settings/currencies`, connections: JSON_CONNECTIONS, serverPid },
    { key: "ssr", label: "GET / (SSR home, text/html)", url: `${server.origin}/`, connections: SSR_CONNECTIONS, headers: { accept: "text/html" }, serverPid },
    // The same page rendered for every request: `no-cache` passes the guest page cache by.
    {
      key: "ssr-render",
      label: "GET / (SSR home, rendered each time)",
      url: `${server.origin}/`,
      connections: SSR_CONNECTIONS,
      headers: { accept: "text/html", "cache-control": "no-cache" },
      serverPid,
      // A fresh server renders at about half its steady speed for the first seconds while V8
      // optimizes React's renderer in each worker; the figure is the steady state a running site has.
      warmupSeconds: renderWarmupSeconds,
    },
    {
      key: "fastify",
      label: "plain Fastify, same JSON and headers",
      url: `${plainFastify.origin}/api/settings/currencies`,
      connections: JSON_CONNECTIONS,
      serverPid: plainFastifyPid,
    },
  ];
  const childOf = new Map([
    [serverPid, server.child],
    [plainFastifyPid, plainFastify.child],
  ]);
  const measurements: Measurement[] = [];
  for (const target of allTargets.filter((candidate) => targetKeys.has(candidate.key))) {
    if (idleWaitSeconds > 0) {
      const { waitedMs, quiet } = await waitForQuietMachine([process.pid, ...watchedPids], {
        maxWaitMs: idleWaitSeconds * 1000,
        thresholdPercent: BUSY_MACHINE_PERCENT,
      });
      if (!quiet) console.log(`(other processes were still busy after ${Math.round(waitedMs / 1000)} s of waiting; measuring anyway)`);
      else if (waitedMs > 1_500) console.log(`(waited ${Math.round(waitedMs / 1000)} s for other processes to go quiet)`);
    }
    if (exits.isInterrupted()) return;
    process.stdout.write(`Measuring ${target.label} (${target.connections} connections)... `);
    const childUnderTest = childOf.get(target.serverPid) ?? server.child;
    const logLinesBefore = childUnderTest.outputLineCount();
    const measurement = await measure(target, { warmupSeconds, durationSeconds, watchedPids });
    measurement.serverLogLines = childUnderTest.outputLineCount() - logLinesBefore;
    if (exits.isInterrupted()) return;
    if (server.child.hasExited()) throw new Error(`The server exited during the benchmark. Its output:\n${server.child.outputTail()}`);
    if (plainFastify.child.hasExited()) throw new Error(`The plain Fastify server exited during the benchmark. Its output:\n${plainFastify.child.outputTail()}`);
    measurements.push(measurement);
    console.log(describe(measurement));
  }

  // The machine's speed drifts between one run and the next, so the API ratio comes from
  // alternating short runs of our route and plain Fastify, which then see the same conditions.
  let pairedShare: { share: number; rounds: number } | undefined;
  const currenciesTarget = allTargets.find((target) => target.key === "currencies")!;
  const fastifyTarget = allTargets.find((target) => target.key === "fastify")!;
  if (targetKeys.has("currencies") && targetKeys.has("fastify") && PAIRED_ROUNDS > 0) {
    const arms = [currenciesTarget, fastifyTarget];
    process.stdout.write(`Alternating ${arms.map((target) => target.key).join(", ")}: ${PAIRED_ROUNDS} rounds of ${PAIRED_SECONDS} s each... `);
    const totals = new Map(arms.map((target) => [target, 0]));
    const roundShares: string[] = [];
    const options = { warmupSeconds: 0, durationSeconds: PAIRED_SECONDS, watchedPids };
    for (let round = 0; round < PAIRED_ROUNDS && !exits.isInterrupted(); round++) {
      const roundRequests = new Map<Target, number>();
      // The order rotates too, so neither target always gets the warmer slot.
      const order = arms.map((_, index) => arms[(index + round) % arms.length]!);
      for (const target of order) {
        const result = await measure(target, options);
        if (!isValid(result)) throw new Error(`invalid alternating run of ${target.label}: ${describe(result)}`);
        roundRequests.set(target, result.totalRequests);
        totals.set(target, (totals.get(target) ?? 0) + result.totalRequests);
      }
      roundShares.push(`${(((roundRequests.get(currenciesTarget) ?? 0) / Math.max(1, roundRequests.get(fastifyTarget) ?? 0)) * 100).toFixed(0)}%`);
    }
    const currenciesRequests = totals.get(currenciesTarget) ?? 0;
    const fastifyRequests = totals.get(fastifyTarget) ?? 0;
    pairedShare = { share: currenciesRequests / Math.max(1, fastifyRequests), rounds: PAIRED_ROUNDS };
    const verdict = pairedShare.share >= API_SHARE_OF_PLAIN_FASTIFY ? "PASS" : "FAIL";
    console.log(
      `${(pairedShare.share * 100).toFixed(1)}% of plain Fastify (${currenciesRequests} / ${fastifyRequests} requests; rounds ${roundShares.join(", ")}) ` +
        `${verdict} at ${API_SHARE_OF_PLAIN_FASTIFY * 100}%`,
    );
  }

  const checks = evaluateChecks(
    new Map(measurements.map((measurement) => [measurement.key, measurement])),
    pairedShare,
  );
  const invalid = measurements.filter((measurement) => !isValid(measurement));

  console.log("");
  console.log(`Results (${startedAt.toISOString()}; latencies in whole milliseconds, as autocannon records them)`);
  console.log("");
  console.log(formatTable(measurements));
  console.log("");
  if (invalid.length > 0) {
    console.log(`INVALID: ${invalid.map((measurement) => measurement.label).join(", ")} had non-2xx answers or request errors; their figures do not count.`);
    for (const measurement of invalid) console.log(`  ${measurement.label}: ${describe(measurement)}`);
    console.log("");
  }
  const busy = measurements.filter((measurement) => (measurement.cpu?.othersPercent ?? 0) > BUSY_MACHINE_PERCENT);
  if (busy.length > 0) {
    console.log(
      `WARNING: other processes used more than ${BUSY_MACHINE_PERCENT}% of a core during ${busy.map((measurement) => measurement.label).join(", ")} ` +
        "(\"other CPU\"); those figures are lower than on a quiet machine. Re-run when the machine is idle.",
    );
    console.log("");
  }
  console.log("Targets:");
  console.log(formatChecks(checks));
  const failed = checks.filter((check) => check.status === "FAIL").length;
  console.log(failed > 0 ? `\n${failed} target check(s) FAIL.` : "\nAll target checks PASS.");

  const serverLogLines = server.child.outputLineCount();
  if (serverLogLines > 0) {
    console.log(
      `\nThe server logged ${serverLogLines} line(s) at LOG_LEVEL=warn during the run; the last ones below. Requests still in flight ` +
        "when autocannon closes its connections at the end of each warm-up and measured run are aborted, which may log a few lines.",
    );
    console.log(server.child.outputTail().split("\n").slice(-10).join("\n"));
  }

  console.log("\nMarkdown:\n");
  console.log(formatMarkdownTable(measurements));

  await stopAllChildren();
  const report = {
    date: startedAt.toISOString(),
    machine,
    options: { durationSeconds, warmupSeconds, renderWarmupSeconds, idleWaitSeconds, targets: [...targetKeys], serverEnvOverrides: extraEnv, cpuProfile },
    measurements,
    paired: pairedShare,
    checks,
  };
  const resultsFile = join(resultsPath, "results.json");
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults as JSON: ${resultsFile}`);
  if (cpuProfile) {
    const profileDir = join(resultsPath, "cpu-profile");
    mkdirSync(profileDir, { recursive: true });
    const profiles = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
    console.log(profiles.length > 0 ? `Server CPU profile: ${join(profileDir, profiles[0] ?? "")}` : "No server CPU profile was written (did the server exit cleanly?).");
  }
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error("\nThe benchmark could not run:", error instanceof Error ? error.message : error);
} finally {
  if (!exits.isInterrupted()) {
    await stopAllChildren();
    removeTemporaryFiles();
  }
}
