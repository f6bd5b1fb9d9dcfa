// `npm run bench:auth`: the accounts benchmark.
//
//   1. starts the real server as production does (node apps/server/src/server.ts, NODE_ENV=production)
//      on a free loopback port with a fresh PGlite data directory and the argon2id parameters of promise S1,
//   2. registers one player through POST /api/player/register,
//   3. measures password sign-ins per second (POST /api/player/sessions): bounded by argon2id by
//      design, so the figure is printed with the argon2 parameters, not checked against a target,
//   4. measures the authenticated GET /api/player/profile (bearer token verified in memory, profile
//      JSON cached) against its target: >= 8,000 req/s with p99 < 25 ms on one process,
//   5. measures GET /api/settings/currencies of the same server as a reference for busy machines,
//   6. prints the figures and the checks, stops the server and removes the data directory.
//
// Captcha is switched off (CAPTCHA_PROVIDER=off): a load generator cannot solve proof-of-work
// puzzles, and their cost is not what is measured. Everything else is the production configuration.
//
// Environment: BENCH_DURATION_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 3),
// BENCH_IDLE_WAIT_SECONDS (default 60), BENCH_CPU_PROF=1 (server CPU profile, path printed),
// BENCH_SERVER_ENV (extra server variables, e.g. "ARGON2_MEMORY_KIB=65536").
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { waitForQuietMachine } from "./lib/cpu.ts";
import { freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import { measure, stopCurrentLoad } from "./lib/load.ts";
import { cleanUpOnEveryExit, runToCompletion, startChild, stopAllChildren, type ChildHandle } from "./lib/processes.ts";
import { formatMachine, isValid, machineInfo } from "./lib/report.ts";

const REPO_ROOT = resolve(import.meta.dirname, "..");
const NODE_BINARY = join(REPO_ROOT, "node_modules", ".bin", "node");
const SERVER_ENTRY = join("apps", "server", "src", "server.ts");
const WEB_SERVER_BUILD = join(REPO_ROOT, "apps", "web", "build", "server", "index.js");
const STARTUP_TIMEOUT_MS = 90_000;
const PROFILE_CONNECTIONS = 50;
/** argon2 runs on libuv's thread pool (4 threads by default); more connections only queue. */
const LOGIN_CONNECTIONS = 8;
const ARGON2 = { memoryKib: 19_456, iterations: 2, parallelism: 1 } as const;
const TARGET = { profileMinRequestsPerSecond: 8_000, profileMaxP99Ms: 25 } as const;
const BUSY_MACHINE_PERCENT = 15;
const PASSWORD = "bench password 123";
/** Every variable the server's config reads, cleared so the caller's shell cannot change the run. */
const SERVER_CONFIG_VARIABLES = [
  "NODE_ENV", "PORT", "HOST", "DATA_DIR", "DATABASE_URL", "DATABASE_POOL_SIZE", "LOG_LEVEL", "LOG_REQUESTS", "SLOW_REQUEST_MS",
  "BODY_LIMIT_BYTES", "TRUSTED_PROXIES", "CLIENT_IP_HEADER", "COUNTRY_HEADER", "RATE_LIMIT_ENABLED", "RATE_LIMIT_MAX",
  "RATE_LIMIT_WINDOW_MS", "WEB_BUILD_DIR", "PUBLIC_ORIGIN", "NODE_OPTIONS", "DEPLOYMENT", "AUTH_SECRETS", "ARGON2_MEMORY_KIB",
  "ARGON2_ITERATIONS", "ARGON2_PARALLELISM", "CAPTCHA_PROVIDER", "SMTP_URL",
];

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

function extraServerEnv(): Record<string, string> {
  const raw = process.env.BENCH_SERVER_ENV?.trim();
  if (!raw) return {};
  return Object.fromEntries(
    raw.split(",").map((pair) => {
      const separator = pair.indexOf("=");
      if (separator <= 0) throw new Error(`BENCH_SERVER_ENV: expected KEY=VALUE pairs, got "${pair}"`);
      return [pair.slice(0, separator).trim(), pair.slice(separator + 1).trim()];
    }),
  );
}

let dataRoot: string | undefined;
const exits = cleanUpOnEveryExit({
  cleanUp: () => {
    if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
    dataRoot = undefined;
  },
  whatStops: "the load generator and the server",
  onInterrupt: stopCurrentLoad,
});

async function startServer(root: string, extraEnv: Record<string, string>, cpuProfileDir: string | undefined): Promise<{ child: ChildHandle; origin: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_CONFIG_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: join(root, "data"),
    RATE_LIMIT_MAX: "100000000",
    // The sportsbook feed is another workload; these figures are the measured path alone.
    SPORT_FEED: "off",
    LOG_LEVEL: "warn",
    CAPTCHA_PROVIDER: "off",
    ARGON2_MEMORY_KIB: String(ARGON2.memoryKib),
    ARGON2_ITERATIONS: String(ARGON2.iterations),
    ARGON2_PARALLELISM: String(ARGON2.parallelism),
    ...extraEnv,
  });
  const flags = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = startChild("server", NODE_BINARY, [...flags, SERVER_ENTRY], { cwd: REPO_ROOT, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/health`, child, STARTUP_TIMEOUT_MS);
  return { child, origin };
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function measureLogins(origin: string, email: string, durationSeconds: number) {
  // `body` is part of autocannon's options; bench/lib/autocannon.d.ts only declares what the GET targets use.
  const options = {
    url: `${origin}/api/player/sessions`,
    method: "POST",
    connections: LOGIN_CONNECTIONS,
    duration: durationSeconds,
    timeout: 10,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: email, password: PASSWORD }),
  };
  return autocannon(options);
}

async function main() {
  const durationSeconds = numberFromEnv("BENCH_DURATION_SECONDS", 10) || 10;
  const warmupSeconds = numberFromEnv("BENCH_WARMUP_SECONDS", 3);
  const idleWaitSeconds = numberFromEnv("BENCH_IDLE_WAIT_SECONDS", 60);
  const extraEnv = extraServerEnv();
  console.log("Playfair accounts benchmark");
  console.log(formatMachine(machineInfo()));
  console.log(`argon2id: memory ${ARGON2.memoryKib} KiB, ${ARGON2.iterations} iterations, parallelism ${ARGON2.parallelism} (S1); captcha off`);
  if (Object.keys(extraEnv).length > 0) console.log(`Server environment overrides: ${JSON.stringify(extraEnv)}`);
  console.log("");

  if (!existsSync(WEB_SERVER_BUILD)) {
    console.log("The production web build is missing; running `npm run build`...");
    const code = await runToCompletion("npm", ["run", "build"], { cwd: REPO_ROOT, env: process.env });
    if (code !== 0) throw new Error(`\`npm run build\` failed (exit code ${code})`);
  }
  dataRoot = mkdtempSync(join(tmpdir(), "playfair-bench-auth-"));
  const cpuProfileDir = process.env.BENCH_CPU_PROF === "1" ? join(dataRoot, "..", `playfair-bench-auth-profile-${Date.now()}`) : undefined;
  const server = await startServer(dataRoot, extraEnv, cpuProfileDir);
  const serverPid = server.child.process.pid ?? 0;
  console.log(`server ready at ${server.origin} (pid ${serverPid})`);

  const email = `bench.${Date.now()}@example.com`;
  const registered = await postJson(`${server.origin}/api/player/register`, { email, password: PASSWORD, country: "DE", currency: "EUR", agreements: true });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.json)}`);
  const signedIn = await postJson(`${server.origin}/api/player/sessions`, { login: email, password: PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.json)}`);
  const accessToken = String(signedIn.json.accessToken);
  const profile = await fetch(`${server.origin}/api/player/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (profile.status !== 200) throw new Error(`GET /api/player/profile answered ${profile.status}`);
  console.log(`registered ${email}; GET /api/player/profile: ${(await profile.arrayBuffer()).byteLength} bytes`);
  console.log("");

  const waitQuiet = async () => {
    if (idleWaitSeconds <= 0) return;
    const { quiet, waitedMs } = await waitForQuietMachine([process.pid, serverPid], { maxWaitMs: idleWaitSeconds * 1000, thresholdPercent: BUSY_MACHINE_PERCENT });
    if (!quiet) console.log(`(other processes were still busy after ${Math.round(waitedMs / 1000)} s; measuring anyway)`);
  };

  await waitQuiet();
  process.stdout.write(`Measuring POST /api/player/sessions (password sign-in, ${LOGIN_CONNECTIONS} connections)... `);
  const logins = await measureLogins(server.origin, email, durationSeconds);
  const loginsValid = logins.non2xx === 0 && logins.errors === 0;
  console.log(
    `${Math.round(logins.requests.average)} logins/s, p50 ${logins.latency.p50} ms, p99 ${logins.latency.p99} ms` +
      (loginsValid ? "" : `  INVALID: ${logins.non2xx} non-2xx ${JSON.stringify(logins.statusCodeStats)}, ${logins.errors} errors`),
  );
  if (exits.isInterrupted()) return;

  await waitQuiet();
  process.stdout.write(`Measuring GET /api/player/profile (bearer token, ${PROFILE_CONNECTIONS} connections)... `);
  const profileRun = await measure(
    { key: "profile", label: "GET /api/player/profile", url: `${server.origin}/api/player/profile`, connections: PROFILE_CONNECTIONS, headers: { authorization: `Bearer ${accessToken}` }, serverPid },
    { warmupSeconds, durationSeconds, watchedPids: [serverPid] },
  );
  const cpu = profileRun.cpu ? `, CPU: server ${profileRun.cpu.serverPercent}%, autocannon ${profileRun.cpu.loadGeneratorPercent}%, others ${profileRun.cpu.othersPercent}%` : "";
  console.log(`${Math.round(profileRun.requestsPerSecond)} req/s, p50 ${profileRun.latencyMs.p50} ms, p99 ${profileRun.latencyMs.p99} ms${cpu}`);
  if (server.child.hasExited()) throw new Error(`The server exited during the benchmark:\n${server.child.outputTail()}`);

  // The same server's cached reference-data endpoint under the same conditions: on a busy machine the
  // ratio says more than the absolute figure.
  await waitQuiet();
  process.stdout.write(`Measuring GET /api/settings/currencies (reference, ${PROFILE_CONNECTIONS} connections)... `);
  const referenceRun = await measure(
    { key: "currencies", label: "GET /api/settings/currencies", url: `${server.origin}/api/settings/currencies`, connections: PROFILE_CONNECTIONS, serverPid },
    { warmupSeconds, durationSeconds, watchedPids: [serverPid] },
  );
  console.log(`${Math.round(referenceRun.requestsPerSecond)} req/s, p50 ${referenceRun.latencyMs.p50} ms, p99 ${referenceRun.latencyMs.p99} ms`);

  const profileValid = isValid(profileRun);
  const rpsPass = profileValid && profileRun.requestsPerSecond >= TARGET.profileMinRequestsPerSecond;
  const p99Pass = profileValid && profileRun.latencyMs.p99 < TARGET.profileMaxP99Ms;
  console.log("");
  console.log("Targets:");
  console.log(`  GET /api/player/profile >= ${TARGET.profileMinRequestsPerSecond} req/s  ${Math.round(profileRun.requestsPerSecond)} req/s  ${rpsPass ? "PASS" : "FAIL  <<<"}`);
  console.log(`  GET /api/player/profile p99 < ${TARGET.profileMaxP99Ms} ms     ${profileRun.latencyMs.p99} ms  ${p99Pass ? "PASS" : "FAIL  <<<"}`);
  if (!profileValid) console.log(`  INVALID profile run: ${profileRun.non2xx} non-2xx ${JSON.stringify(profileRun.statusCodes)}, ${profileRun.errors} errors`);
  console.log(`  (reference: GET /api/settings/currencies ${Math.round(referenceRun.requestsPerSecond)} req/s, p99 ${referenceRun.latencyMs.p99} ms; profile reaches ${Math.round((profileRun.requestsPerSecond / (referenceRun.requestsPerSecond || 1)) * 100)}% of it)`);
  console.log(`  password sign-ins (argon2id m=${ARGON2.memoryKib},t=${ARGON2.iterations},p=${ARGON2.parallelism})  ${Math.round(logins.requests.average)} logins/s  (reported, bounded by argon2 by design)`);
  console.log("\nMarkdown:\n");
  console.log("| target | req/s | p50 ms | p99 ms |\n| :-- | --: | --: | --: |");
  console.log(`| POST /api/player/sessions (argon2id m=${ARGON2.memoryKib} KiB, t=${ARGON2.iterations}, p=${ARGON2.parallelism}; ${LOGIN_CONNECTIONS} connections) | ${Math.round(logins.requests.average)} | ${logins.latency.p50} | ${logins.latency.p99} |`);
  console.log(`| GET /api/player/profile (bearer; ${PROFILE_CONNECTIONS} connections) | ${Math.round(profileRun.requestsPerSecond)} | ${profileRun.latencyMs.p50} | ${profileRun.latencyMs.p99} |`);
  console.log(`| GET /api/settings/currencies (same run, reference) | ${Math.round(referenceRun.requestsPerSecond)} | ${referenceRun.latencyMs.p50} | ${referenceRun.latencyMs.p99} |`);

  await stopAllChildren();
  if (cpuProfileDir && existsSync(cpuProfileDir)) {
    const files = readdirSync(cpuProfileDir).filter((name) => name.endsWith(".cpuprofile"));
    console.log(files.length > 0 ? `\nServer CPU profile: ${join(cpuProfileDir, files[0] ?? "")}` : "\nNo server CPU profile was written.");
  }
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error("\nThe benchmark could not run:", error instanceof Error ? error.message : error);
} finally {
  if (!exits.isInterrupted()) await stopAllChildren();
}
