// `npm run bench:ledger`: the ledger's throughput on a real PostgreSQL on this machine, next to
// pgbench's built-in TPC-B-like read-write workload (the classic debit-credit transaction) run
// against the same cluster in the same run.
//
//   1. starts a throwaway PostgreSQL cluster on a loopback port with durable settings (fsync and
//      synchronous_commit on, as production runs), removed again at the end;
//   2. pgbench -i (scale 10), then pgbench tpcb-like with BENCH_CLIENTS clients for BENCH_SECONDS;
//   3. applies our migrations in another database of the cluster, creates 10,000 player accounts
//      and funds them through the ledger;
//   4. (a) transfers between two random player accounts, spread over the 10,000;
//      (b) transfers that all touch one hot house account (stakes into "game-house");
//      each through the service layer (ledger.post: one ledger_post() call per transfer), with
//      BENCH_CLIENTS concurrent callers on a pool of as many connections;
//   5. starts the application (API only, in this process) on the same database, opens one pending
//      cash-agent deposit for each of 2,000 players and then delivers their signed `payment.succeeded`
//      webhooks over HTTP, BENCH_CLIENTS at a time: deposit confirmations per second;
//   6. runs checkLedger (balances equal postings) and prints the figures and the target checks.
//
// Environment: BENCH_SECONDS (default 15), BENCH_CLIENTS (default 16), BENCH_ACCOUNTS (default 10000),
// BENCH_DURABLE ("0" to measure with the test cluster's non-durable settings), BENCH_ONLY=webhooks.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/database.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";
import { rowsOf } from "../apps/server/src/db/sql-rows.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../apps/server/src/lib/webhook-signature.ts";
import { checkLedger } from "../apps/server/src/modules/ledger/ledger-check.ts";
import { createLedger, withLedgerRetry } from "../apps/server/src/modules/ledger/ledger.service.ts";
import { ThrowawayPostgresCluster } from "../scripts/lib/postgres-cluster.ts";
import { findPostgresBinDir } from "../scripts/lib/system-packages.ts";
import { createFundedPlayers } from "./lib/funded-players.ts";
import { pgbenchReference } from "./lib/pgbench.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const DURABLE = process.env.BENCH_DURABLE !== "0";
/** BENCH_ONLY=webhooks: only the webhook measurement (to profile that path). */
const WEBHOOKS_ONLY = process.env.BENCH_ONLY === "webhooks";
const WARMUP_SECONDS = 3;
const FUNDING_PER_ACCOUNT = "1000";
const WEBHOOK_DEPOSITS = 2000;
const WEBHOOK_SECRET = "bench-webhook-secret";

type Figures = { label: string; operations: number; perSecond: number; p50: number; p99: number; errors: number };

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Runs `operation` from CLIENTS concurrent loops for the warm-up plus SECONDS, measuring after the warm-up. */
async function measure(label: string, operation: () => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmupEnds = performance.now() + WARMUP_SECONDS * 1000;
  const endsAt = warmupEnds + SECONDS * 1000;
  async function loop() {
    while (performance.now() < endsAt) {
      const startedAt = performance.now();
      try {
        await withLedgerRetry(operation);
        if (measuring) latencies.push(performance.now() - startedAt);
      } catch (error) {
        errors += 1;
        if (errors <= 3) console.error(`  ${label}: ${(error as Error).message}`);
      }
      if (!measuring && performance.now() >= warmupEnds) measuring = true;
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  latencies.sort((left, right) => left - right);
  return {
    label,
    operations: latencies.length,
    perSecond: Math.round(latencies.length / SECONDS),
    p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
    errors,
  };
}

/** Pending deposits opened through the API, then confirmed by signed webhooks over HTTP. */
async function webhookThroughput(cluster: ThrowawayPostgresCluster): Promise<Figures> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: cluster.urlFor("ledger"),
    DATABASE_POOL_SIZE: String(CLIENTS),
    LOG_LEVEL: "warn",
    RATE_LIMIT_ENABLED: "false",
    CAPTCHA_PROVIDER: "off",
    // The sportsbook feed is another workload; these figures are the measured path alone.
    SPORT_FEED: "off",
    PAYMENT_WEBHOOK_SECRETS: WEBHOOK_SECRET,
    ARGON2_MEMORY_KIB: "19456",
  });
  const database = await openDatabase({ driver: "postgres", url: config.databaseUrl!, poolSize: CLIENTS });
  const app = await buildApp({ config, database, web: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    // One pending cash-agent deposit for each of WEBHOOK_DEPOSITS players (written directly: signing
    // up through the API would measure argon2), opened through the payment service. Spread over many
    // players as real confirmations are: one player's deposits are numbered one after the other.
    await database.db.execute(sql`insert into players (email, currency) select 'webhook' || g || '@example.com', 'USD' from generate_series(1, ${WEBHOOK_DEPOSITS}) g`);
    await database.db.execute(sql`insert into wallet_accounts (player_id, currency, is_selected) select id, 'USD', true from players where email like 'webhook%'`);
    const playerRows = await database.db.execute(sql`select id::text as id from players where email like 'webhook%'`);
    const playerIds = rowsOf<{ id: string }>(playerRows).map((row) => row.id);
    const payments = app.services.payments;
    let nextPlayer = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (nextPlayer < playerIds.length) {
          const playerId = playerIds[nextPlayer++]!;
          await payments.createInvoice("deposit", {
            playerId,
            body: { amount: "10", currency: "USD", methodCode: "sandbox.deposit.cash-agent", fields: { playerName: "Bench Player", phone: "+4915112345678" } },
          });
        }
      }),
    );
    const result = await database.db.execute(sql`select id::text as id, provider_payment_id, amount::text as amount from payment_invoices where status = 1 and provider_payment_id is not null`);
    const pending = rowsOf<{ id: string; provider_payment_id: string; amount: string }>(result);
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < pending.length) {
          const invoice = pending[next++]!;
          const rawBody = JSON.stringify({
            id: `evt_${randomUUID()}`,
            type: "payment.succeeded",
            createdAt: new Date().toISOString(),
            data: { paymentId: invoice.provider_payment_id, merchantReference: invoice.id, amount: invoice.amount, currency: "USD", status: "succeeded", failureReason: null },
          });
          const began = performance.now();
          const response = await fetch(`${base}/api/payment/webhooks/sandbox`, {
            method: "POST",
            headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(rawBody, [WEBHOOK_SECRET], new Date()) },
            body: rawBody,
          });
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - began);
          else if (++errors <= 3) console.error(`  webhook answered ${response.status}`);
        }
      }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    latencies.sort((left, right) => left - right);
    const credited = await database.db.execute(sql`select count(*)::text as count from payment_invoices where status = 2`);
    const creditedCount = Number(rowsOf<{ count: string }>(credited)[0]!.count);
    if (creditedCount !== latencies.length) console.error(`  ${latencies.length} webhooks acknowledged but ${creditedCount} invoices credited`);
    return {
      label: `deposit-confirm webhooks over HTTP (${pending.length})`,
      operations: latencies.length,
      perSecond: Math.round(latencies.length / seconds),
      p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
      errors,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

function randomIndex(length: number): number {
  return Math.floor(Math.random() * length);
}

async function main(): Promise<void> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
  const cluster = new ThrowawayPostgresCluster(binDir);
  const stop = () => cluster.stop();
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  let database: DatabaseHandle | undefined;
  try {
    console.log(`Node ${process.version} | ${os.cpus()[0]?.model.trim()} | ${os.availableParallelism()} cores | ${CLIENTS} clients | ${SECONDS} s per target | ${DURABLE ? "durable (fsync, synchronous_commit on)" : "non-durable test settings"}`);
    await cluster.start("ledger", DURABLE ? { fsync: "on", synchronous_commit: "on", full_page_writes: "on", shared_buffers: "256MB" } : { shared_buffers: "256MB" });
    console.log(`PostgreSQL on 127.0.0.1:${cluster.port}`);

    database = await openDatabase({ driver: "postgres", url: cluster.urlFor("ledger"), poolSize: CLIENTS });
    await database.migrate();
    await seedDatabase(database.db);
    const ledger = createLedger({ db: database.db, driver: database.driver });
    if (WEBHOOKS_ONLY) {
      const webhooks = await webhookThroughput(cluster);
      console.log(`\n${webhooks.label}: ${webhooks.perSecond}/s, p50 ${webhooks.p50} ms, p99 ${webhooks.p99} ms, ${webhooks.errors} errors`);
      return;
    }
    console.log("pgbench: initialising scale 10 and running tpcb-like...");
    const pgbench = pgbenchReference(binDir, cluster, { clients: CLIENTS, seconds: SECONDS });
    const reference: Figures = { label: "pgbench tpcb-like (reference)", operations: pgbench.transactions, perSecond: pgbench.perSecond, p50: pgbench.averageLatencyMs, p99: Number.NaN, errors: 0 };
    console.log(`creating and funding ${ACCOUNTS} player accounts...`);
    const { cashAccountIds: accounts } = await createFundedPlayers(database, ledger, { count: ACCOUNTS, emailPrefix: "bench", amount: FUNDING_PER_ACCOUNT, parallel: CLIENTS });
    await ledger.houseAccount(database.db, "game-house", "USD");
    const { db } = database;

    // As pgbench does before its run: fresh statistics, no dead rows from the set-up, and the set-up's
    // writes flushed, so no checkpoint of them lands inside a measurement.
    const settle = async () => {
      await db.execute(sql`vacuum analyze`);
      await db.execute(sql`checkpoint`);
    };
    await settle();
    console.log("measuring transfers spread over the accounts...");
    const spread = await measure("ledger transfers, spread", () => {
      const from = accounts[randomIndex(accounts.length)]!;
      let to = accounts[randomIndex(accounts.length)]!;
      while (to === from) to = accounts[randomIndex(accounts.length)]!;
      return ledger.post(db, { kind: "transfer", idempotencyKey: randomUUID(), legs: [{ accountId: from, amount: "-0.01" }, { accountId: to, amount: "0.01" }] });
    });

    await settle();
    console.log("measuring transfers that all touch one house account...");
    const hot = await measure("ledger transfers, one hot house account", async () => {
      const player = accounts[randomIndex(accounts.length)]!;
      // Every call gets the one house account "game-house" (its shards in turn; see ledger README).
      const house = await ledger.houseAccount(db, "game-house", "USD");
      return ledger.post(db, { kind: "game-stake", idempotencyKey: randomUUID(), legs: [{ accountId: player, amount: "-0.01" }, { accountId: house, amount: "0.01" }] });
    });

    console.log("measuring deposit-confirm webhooks over HTTP...");
    const webhooks = await webhookThroughput(cluster);

    const check = await checkLedger(db);
    const rows = [reference, spread, hot, webhooks];
    console.log("\n| measurement | operations | per second | p50 ms | p99 ms | errors |\n| :-- | --: | --: | --: | --: | --: |");
    for (const row of rows) console.log(`| ${row.label} | ${row.operations} | ${row.perSecond} | ${row.p50}${row === reference ? " (average)" : ""} | ${Number.isNaN(row.p99) ? "-" : row.p99} | ${row.errors} |`);
    const checks: [string, boolean, string][] = [
      ["spread >= 2,000 transfers/s", spread.perSecond >= 2000, `${spread.perSecond}/s`],
      ["spread >= 50% of pgbench", spread.perSecond >= reference.perSecond * 0.5, `${Math.round((spread.perSecond / reference.perSecond) * 100)}%`],
      ["hot account >= 50% of spread", hot.perSecond >= spread.perSecond * 0.5, `${Math.round((hot.perSecond / spread.perSecond) * 100)}%`],
      ["spread p99 < 50 ms", spread.p99 < 50, `${spread.p99} ms`],
      ["hot p99 < 50 ms", hot.p99 < 50, `${hot.p99} ms`],
      ["webhooks p99 < 50 ms", webhooks.p99 < 50, `${webhooks.p99} ms (${webhooks.perSecond}/s)`],
      ["ledger:check after the run", check.problems.length === 0, `${check.transactions} transactions, ${check.postings} postings, ${check.problems.length} problems`],
    ];
    console.log("\nTargets:");
    for (const [name, passed, figure] of checks) console.log(`  ${name.padEnd(32)} ${figure.padStart(40)}  ${passed ? "PASS" : "FAIL  <<<"}`);
  } finally {
    await database?.close();
    stop();
  }
}

await main();
