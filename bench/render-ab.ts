// `node bench/render-ab.ts`: A/B of the home page rendered for every request (Cache-Control:
// no-cache, 20 connections) between server variants of the same build, started side by side and
// measured in alternating rounds, so a machine whose load changes over the run affects both alike.
// Needs a web build (npm run build). Environment:
//   AB_VARIANTS  "name:ENV=value,ENV=value;name:..." (default "main-thread:RENDER_WORKERS=0;workers:")
//   AB_ROUNDS (default 6), AB_SECONDS per run (default 10), AB_WARMUP seconds per server (default 30)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { cpuSnapshot, cpuUsageBetween } from "./lib/cpu.ts";
import { freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import { startChild, stopAllChildren } from "./lib/processes.ts";

const REPO = resolve(import.meta.dirname, "..");
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const seconds = Number(process.env.AB_SECONDS ?? 10);
const warmup = Number(process.env.AB_WARMUP ?? 30);
const variants = (process.env.AB_VARIANTS ?? "main-thread:RENDER_WORKERS=0;workers:").split(";").map((spec) => {
  const [name, envText = ""] = spec.split(":");
  const env: Record<string, string> = {};
  for (const pair of envText.split(",").filter(Boolean)) {
    const [k, v = ""] = pair.split("=");
    env[k!] = v;
  }
  return { name: name!, env };
});
const root = mkdtempSync(join(tmpdir(), "render-ab-"));

function fire(url: string, duration: number) {
  return autocannon({ url, connections: 20, duration, pipelining: 1, timeout: 10, headers: { accept: "text/html", "cache-control": "no-cache" } });
}

const servers = [];
for (const variant of variants) {
  const port = await freePort();
  const env = { ...process.env };
  for (const k of ["RENDER_WORKERS", "GUEST_PAGE_CACHE_MS", "NODE_OPTIONS", "DATABASE_URL", "PUBLIC_ORIGIN"]) delete env[k];
  Object.assign(env, { NODE_ENV: "production", PORT: String(port), HOST: LOOPBACK, DATA_DIR: join(root, variant.name), RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn" }, variant.env);
  const child = startChild(variant.name, join(REPO, "node_modules/.bin/node"), ["apps/server/src/server.ts"], { cwd: REPO, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/health`, child, 90_000);
  servers.push({ ...variant, origin, pid: child.process.pid! });
}
try {
  for (const server of servers) {
    process.stdout.write(`warm-up ${server.name} ${warmup}s\n`);
    const r = await fire(`${server.origin}/`, warmup);
    process.stdout.write(`  warm-up ${Math.round(r.requests.average)} req/s non2xx=${r.non2xx}\n`);
  }
  const results: Record<string, { rps: number; p99: number; p50: number; others?: number; server?: number }[]> = {};
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const before = cpuSnapshot([process.pid, server.pid]);
      const r = await fire(`${server.origin}/`, seconds);
      const cpu = cpuUsageBetween(before, cpuSnapshot([process.pid, server.pid]));
      const entry = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpu };
      (results[server.name] ??= []).push(entry);
      process.stdout.write(`round ${round + 1} ${server.name}: ${JSON.stringify(entry)}\n`);
    }
  }
  for (const [name, list] of Object.entries(results)) {
    const rps = list.map((e) => e.rps).sort((a, b) => a - b);
    const p99 = list.map((e) => e.p99).sort((a, b) => a - b);
    process.stdout.write(`${name}: req/s ${rps.join(", ")} (median ${rps[Math.floor(rps.length / 2)]}); p99 ${p99.join(", ")} ms\n`);
  }
} finally {
  await stopAllChildren();
  rmSync(root, { recursive: true, force: true });
}
