// `npm run bench:casino`: the casino's throughput on a real PostgreSQL on this machine.
//
//   1. starts a throwaway PostgreSQL cluster on a loopback port with durable settings (fsync and
//      synchronous_commit on), removed again at the end, and runs pgbench's tpcb-like workload
//      on it as the reference (as bench:ledger does);
//   2. applies our migrations, the demo seed and the 5,000-game benchmark catalogue, and creates
//      BENCH_PLAYERS players, each with a USD account funded through the ledger;
//   3. starts the production server (node apps/server/src/server.ts, NODE_ENV=production) as a
//      child process on that database, so the load generator in this process does not share its
//      event loop;
//   4. signs the players in with one-time auto-login tokens (no argon2 in the set-up) and launches a
//      real-money dice session for each;
//   5. measures with autocannon: a filtered page of GET /api/game/games and a typo search, each
//      request another signed-in player's (ADR 029: the catalogue part of the answer is shared for a
//      few seconds, the favourite marks and the recent search are the player's); then dice rounds, each
//      POST /api/game/originals/{session}/rounds on another player's session with a fresh
//      Idempotency-Key (stake, draw and settlement in one transaction through the ledger);
//      The rounds run twice over: players without a bonus, then players wagering an active casino
//      bonus (half of them, their stakes all bonus money: ADR 034), alternating, best pass of each;
//   6. runs checkLedger and prints the figures and the target checks.
//
// Needs the web build (the server serves the site too): run `npm run build` first.
// Environment: BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 32), BENCH_PLAYERS (default
// 400), BENCH_GAMES (default 5000), BENCH_DURABLE ("0": the test cluster's non-durable settings).
// For finding and proving costs (off by default; the figures then are not the reported ones):
//   BENCH_ONLY=catalogue    the catalogue page and search only (no pgbench, no rounds, no render workers);
//   BENCH_ONLY=rounds       the rounds only (no catalogue seed or runs, no render workers);
//   BENCH_PROFILE_DIR=dir   the server child writes a V8 CPU profile there when it stops;
//   BENCH_PG_STATS=1        pg_stat_statements per measured run (statements per request, mean time; for
//                           rounds with the statements the ledger's functions run);
//   BENCH_BASELINE_ROOT=dir another checkout (with node_modules and a web build) served by a second
//                           server on the same database; each target alternates between the two
//                           BENCH_AB_ROUNDS times (default 3): a same-run A/B (of players
//                           wagering a bonus with BENCH_AB_WAGERING=1).
//   BENCH_CEILING=1         after the catalogue runs, the same two answers from a one-route plain Fastify
//                           server (bench/lib/ceiling-server.ts): what this machine can do at best.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/database.ts";
import { seedBenchGames } from "../apps/server/src/modules/game/catalogue/catalogue-seed.ts";
import { checkLedger } from "../apps/server/src/modules/ledger/ledger-check.ts";
import { createLedger } from "../apps/server/src/modules/ledger/ledger.service.ts";
import { insertActionToken } from "../apps/server/src/modules/auth/session.repository.ts";
import { newOpaqueToken, tokenDigest } from "../apps/server/src/modules/auth/tokens.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";
import { ThrowawayPostgresCluster } from "../scripts/lib/postgres-cluster.ts";
import { findPostgresBinDir } from "../scripts/lib/system-packages.ts";
import { giveWageringBonuses } from "./lib/bonus-players.ts";
import { createFundedPlayers } from "./lib/funded-players.ts";
import { freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import { pgbenchReference } from "./lib/pgbench.ts";
import { groupCpuMs, postmasterCpuMs } from "./lib/cpu-time.ts";
import { loadFiguresOf, type LoadFigures } from "./lib/load.ts";
import { printStatements, resetStatements } from "./lib/statement-stats.ts";
import { startChild, stopAllChildren } from "./lib/processes.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 400);
const GAMES = Number(process.env.BENCH_GAMES ?? 5000);
const DURABLE = process.env.BENCH_DURABLE !== "0";
const ONLY_ROUNDS = process.env.BENCH_ONLY === "rounds";
const ONLY_CATALOGUE = process.env.BENCH_ONLY === "catalogue";
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? resolve(process.env.BENCH_PROFILE_DIR) : undefined;
const PG_STATS = process.env.BENCH_PG_STATS === "1";
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const CEILING = process.env.BENCH_CEILING === "1";
const WARMUP_SECONDS = 3;
const REPO_ROOT = resolve(import.meta.dirname, "..");
const STAKE = "0.10";
const DICE = { target: "49.50", condition: "under" };

type Figures = LoadFigures & {
  /** CPU milliseconds per request of the server's process group and of PostgreSQL (catalogue runs). */
  cpu?: { server: number; database: number };
};

async function load(options: Options, beforeMeasuring?: () => Promise<void>): Promise<Result> {
  if (WARMUP_SECONDS > 0) await autocannon({ ...options, duration: WARMUP_SECONDS });
  await beforeMeasuring?.();
  return autocannon({ ...options, duration: SECONDS });
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** One access token per player through the auto-login call, and a real-money dice session each. */
async function signInAndLaunch(database: DatabaseHandle, origin: string, playerIds: string[]): Promise<{ tokens: string[]; sessions: string[] }> {
  const tokens: string[] = [];
  const gameSessions: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < playerIds.length) {
        const playerId = playerIds[next++]!;
        const state = `bench-${playerId}`;
        // A one-time auto-login token written as the session service writes it.
        const token = newOpaqueToken();
        const at = new Date();
        await insertActionToken(database.db, { tokenHash: tokenDigest(token), purpose: "autologin", playerId, state, createdAt: at, expiresAt: new Date(at.getTime() + 60_000) });
        const signedIn = await postJson(`${origin}/api/player/sessions/token`, { token, state });
        if (signedIn.status !== 200) throw new Error(`auto-login answered ${signedIn.status}: ${JSON.stringify(signedIn.json)}`);
        const accessToken = String(signedIn.json.accessToken);
        const launched = await postJson(`${origin}/api/game/games/playfair-dice/play`, { demo: false, currency: "USD" }, { authorization: `Bearer ${accessToken}` });
        if (launched.status !== 201) throw new Error(`launch answered ${launched.status}: ${JSON.stringify(launched.json)}`);
        tokens.push(accessToken);
        gameSessions.push(String(launched.json.sessionId));
      }
    }),
  );
  return { tokens, sessions: gameSessions };
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, "apps", "web", "build", "server", "index.js"))) throw new Error("no web build: run `npm run build` first");
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
  const cluster = new ThrowawayPostgresCluster(binDir);
  const stop = () => cluster.stop();
  process.on("SIGINT", () => {
    void stopAllChildren().finally(() => {
      stop();
      process.exit(130);
    });
  });
  let database: DatabaseHandle | undefined;
  try {
    console.log(`Node ${process.version} | ${os.cpus()[0]?.model.trim()} | ${os.availableParallelism()} cores | ${CONNECTIONS} connections | ${SECONDS} s per target | ${DURABLE ? "durable (fsync, synchronous_commit on)" : "non-durable test settings"}`);
    const statistics: Record<string, string> = PG_STATS ? { shared_preload_libraries: "'pg_stat_statements'", "pg_stat_statements.track": "all" } : {};
    const durability: Record<string, string> = DURABLE ? { fsync: "on", synchronous_commit: "on", full_page_writes: "on" } : {};
    await cluster.start("casino", { ...durability, shared_buffers: "256MB", ...statistics });
    if (!ONLY_CATALOGUE) console.log("pgbench: initialising scale 10 and running tpcb-like...");
    const reference = ONLY_CATALOGUE ? { perSecond: 0, averageLatencyMs: 0 } : pgbenchReference(binDir, cluster, { clients: CONNECTIONS, seconds: SECONDS });

    database = await openDatabase({ driver: "postgres", url: cluster.urlFor("casino"), poolSize: 8 });
    await database.migrate();
    await seedDatabase(database.db);
    if (PG_STATS) await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    const visibleGames = ONLY_ROUNDS ? 0 : await seedBenchGames(database.db, GAMES);
    const ledger = createLedger({ db: database.db, driver: database.driver });
    console.log(`catalogue: ${visibleGames} visible games; creating and funding ${PLAYERS} players...`);
    const { playerIds } = await createFundedPlayers(database, ledger, { count: PLAYERS, emailPrefix: "casino-bench", amount: "1000", parallel: 8 });
    const bonusPlayerIds = playerIds.slice(Math.floor(playerIds.length / 2));
    await giveWageringBonuses(database, ledger, bonusPlayerIds, { amount: "1000", parallel: 8 });

    const processGroupOf = new Map<string, number>();
    const startServer = async (label: string, root: string): Promise<string> => {
      const port = await freePort();
      const profile = PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-dir", join(PROFILE_DIR, label)] : [];
      const server = startChild(label, join(root, "node_modules", ".bin", "node"), [...profile, join("apps", "server", "src", "server.ts")], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          PORT: String(port),
          HOST: LOOPBACK,
          DATABASE_URL: cluster.urlFor("casino"),
          DATABASE_POOL_SIZE: String(CONNECTIONS),
          DATA_DIR: join(cluster.rootDir, `app-data-${label}`),
          // The per-IP limiter stays on so its cost is measured; the budget must not cap one load generator.
          RATE_LIMIT_MAX: "100000000",
          // The sportsbook feed is another workload; these figures are the measured path alone.
          SPORT_FEED: "off",
          LOG_LEVEL: "warn",
          // These runs render no page: without render workers two servers start in time on a busy machine.
          ...(ONLY_ROUNDS || ONLY_CATALOGUE ? { RENDER_WORKERS: "0" } : {}),
        },
      });
      const origin = `http://${LOOPBACK}:${port}`;
      await waitUntilOk(`${origin}/api/health`, server, 90_000);
      if (server.process.pid !== undefined) processGroupOf.set(origin, server.process.pid);
      return origin;
    };
    const origin = await startServer("server", REPO_ROOT);
    // The baseline starts second, on the database our migrations already brought up to date.
    const baselineOrigin = BASELINE_ROOT ? await startServer("baseline", BASELINE_ROOT) : undefined;
    const { tokens, sessions } = await signInAndLaunch(database, origin, playerIds.slice(0, playerIds.length - bonusPlayerIds.length));
    const wagering = await signInAndLaunch(database, origin, bonusPlayerIds);

    const rows: Figures[] = [];
    /** Measures the same target on this build and, with a baseline, on both, alternating; answers this build's best pass. */
    const measureEach = async (measure: (target: string, label: string) => Promise<Figures>): Promise<Figures> => {
      if (!baselineOrigin) {
        const figures = await measure(origin, "this build");
        rows.push(figures);
        return figures;
      }
      const ours: Figures[] = [];
      // The order alternates: the first pass also pays for first-time work (seed rows, cold caches).
      for (let pass = 0; pass < AB_ROUNDS; pass++) {
        const order = pass % 2 === 0 ? (["baseline", "this build"] as const) : (["this build", "baseline"] as const);
        for (const label of order) {
          const figures = await measure(label === "baseline" ? baselineOrigin : origin, label);
          rows.push(figures);
          if (label === "this build") ours.push(figures);
        }
      }
      return ours.reduce((best, figures) => (figures.perSecond > best.perSecond ? figures : best));
    };
    // Each request is another signed-in player's, as on the site (a search is also written to that
    // player's recent searches).
    let nextReader = 0;
    const postmasterPid = Number.parseInt(readFileSync(join(cluster.dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
    const catalogueRun = async (target: string, path: string, label: string): Promise<Figures> => {
      // CPU time per request: on a machine other work shares, a steadier measure than requests per second.
      const cpuNow = () => ({ server: groupCpuMs(processGroupOf.get(target) ?? -1), database: postmasterCpuMs(postmasterPid) });
      let cpuBefore = cpuNow();
      const result = await load(
        {
          url: target,
          connections: CONNECTIONS,
          requests: [{ method: "GET", path, setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[nextReader++ % tokens.length]!}` } }) }],
        },
        async () => {
          if (PG_STATS) await resetStatements(database!);
          cpuBefore = cpuNow();
        },
      );
      const cpuAfter = cpuNow();
      const figures: Figures = loadFiguresOf(label, result);
      const requests = Math.max(result.requests.total, 1);
      figures.cpu = { server: (cpuAfter.server - cpuBefore.server) / requests, database: (cpuAfter.database - cpuBefore.database) / requests };
      // The answer's size: what the server encodes and sends per request (headers included).
      console.log(
        `  ${label}: ${figures.perSecond} req/s, ${(result.throughput.average / 1e6).toFixed(1)} MB/s, ${Math.round(result.throughput.total / requests)} bytes per request, CPU per request: server ${figures.cpu.server.toFixed(2)} ms, PostgreSQL ${figures.cpu.database.toFixed(2)} ms`,
      );
      if (PG_STATS) await printStatements(database!, figures.requests, "request");
      return figures;
    };

    let filtered: Figures | undefined;
    let search: Figures | undefined;
    if (!ONLY_ROUNDS) {
      console.log("measuring the catalogue...");
      const pagePath = "/api/game/games?category=slots&provider=lumen-forge,mossgate&sort=new&page=3&perPage=20";
      const searchPath = "/api/game/games/search?search=starfal";
      filtered = await measureEach((target, label) => catalogueRun(target, pagePath, `GET /api/game/games (slots of two studios, newest first, page 3${baselineOrigin ? `, ${label}` : ""})`));
      search = await measureEach((target, label) => catalogueRun(target, searchPath, `GET /api/game/games/search (a typo${baselineOrigin ? `, ${label}` : ""})`));
      if (CEILING) {
        const answerFile = async (path: string, name: string) => {
          const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${tokens[0]!}` } });
          const file = join(cluster.rootDir, name);
          writeFileSync(file, await response.text());
          return file;
        };
        const port = await freePort();
        const ceiling = startChild("ceiling", join(REPO_ROOT, "node_modules", ".bin", "node"), [join("bench", "lib", "ceiling-server.ts")], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port), HOST: LOOPBACK, CEILING_PAGE_FILE: await answerFile(pagePath, "ceiling-page.json"), CEILING_SEARCH_FILE: await answerFile(searchPath, "ceiling-search.json") },
        });
        const ceilingOrigin = `http://${LOOPBACK}:${port}`;
        await waitUntilOk(`${ceilingOrigin}/api/health`, ceiling, 30_000);
        if (ceiling.process.pid !== undefined) processGroupOf.set(ceilingOrigin, ceiling.process.pid);
        rows.push(await catalogueRun(ceilingOrigin, pagePath, "the same page's bytes from a one-route plain Fastify server (ceiling)"));
        rows.push(await catalogueRun(ceilingOrigin, searchPath, "the same search's bytes from a one-route plain Fastify server (ceiling)"));
      }
    }
    if (ONLY_CATALOGUE) {
      console.log("\n| measurement | requests | per second | p50 ms | p99 ms | failures | server CPU ms/request | PostgreSQL CPU ms/request |\n| :-- | --: | --: | --: | --: | --: | --: | --: |");
      for (const row of rows) console.log(`| ${row.label} | ${row.requests} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.failures} | ${row.cpu?.server.toFixed(2) ?? ""} | ${row.cpu?.database.toFixed(2) ?? ""} |`);
      return;
    }

    // One round by hand first: a refusal here says more than a run of failures.
    const first = await postJson(`${origin}/api/game/originals/${sessions[0]!}/rounds`, { amount: STAKE, params: DICE }, { authorization: `Bearer ${tokens[0]!}`, "idempotency-key": crypto.randomUUID() });
    if (first.status !== 201) throw new Error(`a dice round answered ${first.status}: ${JSON.stringify(first.json)}`);
    let nextSession = 0;
    const measureRounds = async (target: string, label: string, players = { tokens, sessions }): Promise<Figures> => {
      console.log(`measuring dice rounds (${label})...`);
      const cpuNow = () => ({ server: groupCpuMs(processGroupOf.get(target) ?? -1), database: postmasterCpuMs(postmasterPid) });
      let cpuBefore = cpuNow();
      const result = await load(
        {
          url: target,
          connections: CONNECTIONS,
          requests: [
            {
              method: "POST",
              setupRequest: (request) => {
                const index = nextSession++ % players.sessions.length;
                return {
                  ...request,
                  path: `/api/game/originals/${players.sessions[index]!}/rounds`,
                  headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${players.tokens[index]!}`, "idempotency-key": crypto.randomUUID() },
                  body: JSON.stringify({ amount: STAKE, params: DICE }),
                };
              },
            },
          ],
        },
        async () => {
          if (PG_STATS) await resetStatements(database!);
          cpuBefore = cpuNow();
        },
      );
      const cpuAfter = cpuNow();
      const figures: Figures = loadFiguresOf(`POST /api/game/originals/{session}/rounds (dice, ${players.sessions.length} players, ${label})`, result);
      const requests = Math.max(result.requests.total, 1);
      figures.cpu = { server: (cpuAfter.server - cpuBefore.server) / requests, database: (cpuAfter.database - cpuBefore.database) / requests };
      console.log(`  ${figures.perSecond} rounds/s, CPU per round: server ${figures.cpu.server.toFixed(2)} ms, PostgreSQL ${figures.cpu.database.toFixed(2)} ms`);
      if (PG_STATS) await printStatements(database!, figures.requests, "request", { nested: true });
      return figures;
    };
    let rounds: Figures;
    let bonusRounds: Figures | undefined;
    if (baselineOrigin) {
      // BENCH_AB_WAGERING=1: the A/B on the players wagering a bonus (what the wagering reads cost).
      const abWagering = process.env.BENCH_AB_WAGERING === "1";
      rounds = await measureEach((target, label) => (abWagering ? measureRounds(target, `${label}, wagering an active bonus`, wagering) : measureRounds(target, label)));
    } else {
      // Same run, same server, alternating: without a bonus, then wagering one, twice; the best pass of each.
      const plain: Figures[] = [];
      const wagered: Figures[] = [];
      for (let pass = 0; pass < 2; pass++) {
        plain.push(await measureRounds(origin, "no bonus"));
        wagered.push(await measureRounds(origin, "wagering an active bonus", wagering));
      }
      rows.push(...plain, ...wagered);
      const best = (all: Figures[]) => all.reduce((top, figures) => (figures.perSecond > top.perSecond ? figures : top));
      rounds = best(plain);
      bonusRounds = best(wagered);
    }

    const check = await checkLedger(database.db);
    console.log(`\npgbench tpcb-like (reference): ${reference.perSecond} transactions/s, average latency ${reference.averageLatencyMs} ms`);
    console.log("\n| measurement | requests | per second | p50 ms | p99 ms | failures | server CPU ms/request | PostgreSQL CPU ms/request |\n| :-- | --: | --: | --: | --: | --: | --: | --: |");
    for (const row of rows) console.log(`| ${row.label} | ${row.requests} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.failures} | ${row.cpu?.server.toFixed(2) ?? ""} | ${row.cpu?.database.toFixed(2) ?? ""} |`);
    const checks: [string, boolean, string][] = [
      ...(filtered && search
        ? ([
            ["catalogue page >= 3,000 req/s", filtered.perSecond >= 3000, `${filtered.perSecond}/s`],
            ["catalogue page p99 < 30 ms", filtered.p99 < 30, `${filtered.p99} ms`],
            ["search >= 3,000 req/s", search.perSecond >= 3000, `${search.perSecond}/s`],
            ["search p99 < 30 ms", search.p99 < 30, `${search.p99} ms`],
          ] satisfies [string, boolean, string][])
        : []),
      ["rounds >= 1,500/s", rounds.perSecond >= 1500, `${rounds.perSecond}/s`],
      ["rounds p99 < 40 ms", rounds.p99 < 40, `${rounds.p99} ms`],
      ["rounds >= 40% of pgbench", rounds.perSecond >= reference.perSecond * 0.4, `${Math.round((rounds.perSecond / Math.max(reference.perSecond, 1)) * 100)}%`],
      ...(bonusRounds
        ? ([
            ["bonus rounds >= 70% of no-bonus", bonusRounds.perSecond >= rounds.perSecond * 0.7, `${Math.round((bonusRounds.perSecond / Math.max(rounds.perSecond, 1)) * 100)}%`],
            ["bonus rounds p99 < 50 ms", bonusRounds.p99 < 50, `${bonusRounds.p99} ms`],
          ] satisfies [string, boolean, string][])
        : []),
      ["no failed requests", rows.every((row) => row.failures === 0), rows.map((row) => row.failures).join(" / ")],
      ["ledger:check after the run", check.problems.length === 0, `${check.transactions} transactions, ${check.postings} postings, ${check.problems.length} problems`],
    ];
    console.log("\nTargets:");
    for (const [name, passed, figure] of checks) console.log(`  ${name.padEnd(32)} ${figure.padStart(40)}  ${passed ? "PASS" : "FAIL  <<<"}`);
  } finally {
    await stopAllChildren();
    await database?.close();
    stop();
  }
}

await main();
