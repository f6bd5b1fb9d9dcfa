// `npm run bench:cashback`: the weekly cashback job paying 100,000 players on a real PostgreSQL on
// this machine (target: under 60 s).
//
//   1. starts a throwaway PostgreSQL cluster on a loopback port with durable settings (fsync and
//      synchronous_commit on), removed again at the end; migrates and seeds it (the seeded
//      `weekly-cashback` template: 10% of net losses, at least 10, at most 100 per week);
//   2. creates BENCH_PLAYERS players (default 100,000) with a USD wallet account straight in SQL,
//      and gives each a deposit and a losing week through ledger_post() in SQL: a stake, and for
//      most a smaller win, so the job nets stakes against wins as it does for real players;
//   3. starts the application (API only, in this process) on that database and times
//      `payCashback` for the week those losses fall in: one statement per template and currency
//      computes every loss, issues every bonus and builds its playerBonus event, which realtime's
//      publishMany stores in the same transaction;
//   4. runs it again (it must pay nobody twice), runs checkLedger, and prints the figures.
//
// Environment: BENCH_PLAYERS (default 100000), BENCH_DURABLE ("0" for the test cluster's settings).
import os from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase, type DatabaseHandle } from "../apps/server/src/db/database.ts";
import { rowsOf } from "../apps/server/src/db/sql-rows.ts";
import { checkLedger } from "../apps/server/src/modules/ledger/ledger-check.ts";
import { createLedger } from "../apps/server/src/modules/ledger/ledger.service.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";
import { ThrowawayPostgresCluster } from "../scripts/lib/postgres-cluster.ts";
import { findPostgresBinDir } from "../scripts/lib/system-packages.ts";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const DURABLE = process.env.BENCH_DURABLE !== "0";
const TARGET_SECONDS = 60;
const CHUNK = 10_000;
const WEEK_MS = 7 * 86_400_000;

/** Players, wallet accounts and their four ledger balances, straight in SQL. */
async function createPlayers(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into players (email, currency, receive_bonus, country) select 'cashback' || g || '@example.com', 'USD', true, 'DE' from generate_series(1, ${PLAYERS}) g`);
  await db.execute(sql`insert into wallet_accounts (player_id, currency, is_selected) select id, 'USD', true from players where email like 'cashback%'`);
  await db.execute(sql`insert into ledger_accounts (wallet_account_id, balance_kind, currency)
                         select w.id, kind, 'USD' from wallet_accounts w join players p on p.id = w.player_id,
                                unnest(array['cash', 'withdrawal-hold', 'stake-hold', 'bonus']) kind
                          where p.email like 'cashback%'`);
}

/**
 * Each player's week through ledger_post() (the ledger's own function: guards, postings, running
 * balances): a deposit of 500, a stake of 50 to 250 and, for four players in five, a win of 20.
 */
async function createLosses(database: DatabaseHandle, clearing: bigint, house: bigint): Promise<void> {
  const { db } = database;
  const leg = (account: string, amount: string, isHouse: boolean) => sql.raw(`jsonb_build_object('account', ${account}, 'currency', 'USD', 'amount', ${amount}, 'house', ${isHouse})`);
  for (let from = 0; from < PLAYERS; from += CHUNK) {
    const accounts = sql`select l.id, row_number() over (order by l.id) as n from ledger_accounts l join wallet_accounts w on w.id = l.wallet_account_id
                          join players p on p.id = w.player_id where p.email like 'cashback%' and l.balance_kind = 'cash' order by l.id offset ${from} limit ${CHUNK}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from (${accounts}) a, lateral (
                             select ledger_post('deposit', 'bench-cashback-deposit:' || a.id, 'bench', null, jsonb_build_array(${leg(`${clearing}`, "'-500'", true)}, ${leg("a.id", "'500'", false)}), null)
                             union all
                             select ledger_post('game-stake', 'bench-cashback-stake:' || a.id, 'bench', null, jsonb_build_array(${leg("a.id", "(-(50 + a.id % 200))::text", false)}, ${leg(`${house}`, "(50 + a.id % 200)::text", true)}), null)
                             union all
                             select ledger_post('game-win', 'bench-cashback-win:' || a.id, 'bench', null, jsonb_build_array(${leg(`${house}`, "'-20'", true)}, ${leg("a.id", "'20'", false)}), null) where a.id % 5 <> 0
                           ) posted`);
    });
    process.stdout.write(`  losses: ${Math.min(from + CHUNK, PLAYERS)} players\r`);
  }
  process.stdout.write("\n");
}

async function main(): Promise<void> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
  const cluster = new ThrowawayPostgresCluster(binDir);
  process.on("SIGINT", () => {
    cluster.stop();
    process.exit(130);
  });
  let database: DatabaseHandle | undefined;
  try {
    console.log(`Node ${process.version} | ${os.cpus()[0]?.model.trim()} | ${os.availableParallelism()} cores | ${PLAYERS} players | ${DURABLE ? "durable (fsync, synchronous_commit on)" : "non-durable test settings"}`);
    await cluster.start("cashback", DURABLE ? { fsync: "on", synchronous_commit: "on", full_page_writes: "on", shared_buffers: "256MB" } : { shared_buffers: "256MB" });
    database = await openDatabase({ driver: "postgres", url: cluster.urlFor("cashback"), poolSize: 4 });
    await database.migrate();
    await seedDatabase(database.db);
    const ledger = createLedger({ db: database.db, driver: database.driver });
    const clearing = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const house = await ledger.houseAccount(database.db, "game-house", "USD");
    console.log(`creating ${PLAYERS} players and their week of play...`);
    let started = performance.now();
    await createPlayers(database);
    await createLosses(database, clearing, house);
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  set-up took ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: cluster.urlFor("cashback"), DEPLOYMENT: "demo" });
    const app = await buildApp({ config, database, web: false });
    await app.ready();
    // A week on, the week of these losses is the last closed one.
    const at = new Date(Date.now() + WEEK_MS);
    started = performance.now();
    const { paid } = await app.services.bonus.cashback.payCashback(at);
    const seconds = (performance.now() - started) / 1000;
    const rerunOutcome = await app.services.bonus.cashback.payCashback(at);
    const rerun = rerunOutcome.paid;
    const [bonuses] = rowsOf<{ count: string; total: string }>(await database.db.execute(sql`select count(*)::text as count, coalesce(sum(amount), 0)::text as total from player_bonuses where source = 'cashback'`));
    const report = await checkLedger(database.db);
    await app.close();

    console.log(`\ncashback paid to ${paid} players in ${seconds.toFixed(1)} s (${Math.round(paid / seconds)} players/s); total ${bonuses?.total} USD in ${bonuses?.count} bonuses`);
    console.log(`rerun paid ${rerun} players (must be 0), skipping ${rerunOutcome.periods.filter((period) => period.skipped).length} paid period(s) unread; ledger check: ${report.problems.length === 0 ? "clean" : report.problems.join("; ")}`);
    const ok = paid === PLAYERS && rerun === 0 && report.problems.length === 0 && seconds < TARGET_SECONDS;
    console.log(`${ok ? "PASS" : "FAIL"}: ${PLAYERS} players paid once in under ${TARGET_SECONDS} s`);
    if (!ok) process.exitCode = 1;
  } finally {
    await database?.close();
    cluster.stop();
  }
}

await main();
