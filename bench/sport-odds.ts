// Sportsbook odds fan-out benchmark: the real app (this process, a fresh database, its own feed
// adapter in place of SPORT_FEED) with live events, and raw `ws` guest clients in worker processes
// (`bench/lib/odds-clients.ts`), each subscribed to the `sport:event-<id>` channels of the events
// it watches. Price changes travel the product's path: feed consumer → applier (whatever waits
// behind an event's transaction in one transaction, one outbox row for the event's resulting
// state, ADR 036) → dispatcher → hub → websocket. Prints the achieved change rate, delivered
// messages per second, feed-to-client latency (from the moment a change reaches the feed consumer
// until a client sees it or a newer price), the part of it spent before the commit, dropped
// clients, server RSS, PASS/FAIL against the target.
//
//   node bench/sport-odds.ts [clients=10000] [events=1000] [changesPerSecond=5000] [seconds=20] [workers=2] [backlogMs=100]
//
// PGlite in a temporary directory by default; with BENCH_DATABASE_URL (a PostgreSQL server on
// loopback) a throwaway database on that server, dropped at the end.
//
// A report, not a test: it exits 0 whatever the figures, 1 only when it could not run.
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { FeedMarket, FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { sportEventChannel } from "@playfair/contracts/sport/sportsbook-api";
import { awayOdds, HISTOGRAM_BUCKETS, HUB_CHANGE_BASE, wallClock, type WorkerCommand, type WorkerEvent } from "./lib/odds-clients.ts";

/** The figure: publish-to-client p99 under this. */
const TARGET_P99_MS = 200;
const DRIVER_TICK_MS = 10;
const FIRST_EVENT_ID = 700_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function matchResult(change: number): FeedMarket {
  return {
    marketTypeId: 1,
    specifiers: "",
    status: "active",
    outcomes: [
      { id: "1", odds: (1.5 + (change % 50) / 100).toFixed(2), active: true },
      { id: "X", odds: "3.40", active: true },
      { id: "2", odds: awayOdds(change), active: true },
    ],
  };
}

function percentileOf(histogram: ArrayLike<number>, total: number, fraction: number): number {
  const rank = Math.ceil(fraction * total);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket]!;
    if (seen >= rank) return bucket + 1;
  }
  return Number.POSITIVE_INFINITY;
}

// --- Coordinator, server and feed driver ------------------------------------------------------
async function runBench(): Promise<void> {
  const [clients = 10_000, eventCount = 1_000, rate = 5_000, seconds = 20, workerCount = 2, backlogMs = 100] = process.argv.slice(2).map(Number);
  const { buildApp } = await import("../apps/server/src/app.ts");
  const { loadConfig } = await import("../apps/server/src/config.ts");
  const { openDatabase } = await import("../apps/server/src/db/database.ts");

  // The product's feed consumer reads this adapter: the bench speaks for the odds feed.
  let deliver: ((message: FeedMessage) => Promise<void>) | undefined;
  const snapshotRequests: string[] = [];
  const adapter = {
    async start(handler: (message: FeedMessage) => Promise<void>) {
      deliver = handler;
    },
    async requestSnapshot(_producer: string, _since: number, requestId: string) {
      snapshotRequests.push(requestId);
    },
    async stop() {
      deliver = undefined;
    },
  };

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "playfair-sport-odds-bench-"));
  const postgres = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const database = postgres ? await openDatabase({ driver: "postgres", url: postgres.url, poolSize: 10 }) : await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: "100000000",
    CAPTCHA_PROVIDER: "off",
    SPORT_FEED: "off",
    REALTIME_ANONYMOUS_CONNECTIONS: String(clients + 100),
    MAX_CONNECTIONS_PER_IP: "100000",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const app = await buildApp({ config, database, web: false, logger: { level: "warn" }, sportFeed: { adapter: () => adapter } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connection/websocket`;
  const workers: ChildProcess[] = [];
  let timestamp = Date.now();
  const feed = async (message: Omit<FeedMessage, "timestamp"> & Record<string, unknown>) => {
    while (!deliver) await sleep(20);
    await deliver({ ...message, timestamp: (timestamp += 1) } as FeedMessage);
  };

  try {
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]!.toFixed(1)}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
    console.log(`database: ${postgres ? "PostgreSQL (BENCH_DATABASE_URL), pool of 10" : "PGlite"}`);
    console.log(`target: ${rate} odds changes/s over ${eventCount} live events to ${clients} guests (${workerCount} worker processes), ${seconds} s, p99 < ${TARGET_P99_MS} ms`);

    // Setup through the feed: the live producer up, then each event's fixture and first prices.
    const crest = { shape: 1, primary: "#1d4ed8", secondary: "#f8fafc" };
    await app.services.sport.upsertCatalogue({
      categories: [{ id: 9001, sportId: 66, name: "England", position: 0 }],
      championships: [{ id: 9101, categoryId: 9001, name: "Premier League", position: 0 }],
      competitors: [
        { id: 9201, sportId: 66, name: "Northbridge Rovers", shortName: "NBR", crest },
        { id: 9202, sportId: 66, name: "Easton Athletic", shortName: "EAS", crest },
      ],
    });
    await feed({ type: "alive", producer: "live", subscribed: true });
    while (snapshotRequests.length === 0) await sleep(20);
    await feed({ type: "snapshot_complete", producer: "live", requestId: snapshotRequests[0]! });
    const heartbeat = setInterval(() => void feed({ type: "alive", producer: "live", subscribed: true }).catch(() => undefined), 2_000);
    const setupStarted = performance.now();
    const eventIds = Array.from({ length: eventCount }, (_, index) => FIRST_EVENT_ID + index);
    const sequences = new Map<number, number>();
    let nextSetup = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (nextSetup < eventIds.length) {
          const eventId = eventIds[nextSetup++]!;
          await feed({
            type: "fixture_change",
            producer: "live",
            eventId,
            sequence: 1,
            changeType: "new",
            fixture: {
              sportId: 66,
              categoryId: 9001,
              championshipId: 9101,
              homeCompetitorId: 9201,
              awayCompetitorId: 9202,
              name: `Northbridge Rovers - Easton Athletic ${eventId}`,
              startsAt: Date.now() - 600_000,
              status: "live",
              liveCoverage: true,
            },
          });
          await feed({ type: "odds_change", producer: "live", eventId, sequence: 2, eventStatus: "live", markets: [matchResult(0)] });
          sequences.set(eventId, 2);
        }
      }),
    );
    await app.services.realtime.dispatchNow();
    console.log(`setup: ${eventCount} live events with prices through the feed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    // Each guest watches 1 to 3 events; popular events draw more guests (a skewed choice).
    const subscriptions = new Map<number, number>();
    const watching: number[][] = [];
    for (let client = 0; client < clients; client++) {
      const count = 1 + (client % 3);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(eventIds[Math.floor(Math.random() ** 2 * eventCount)]!);
      for (const eventId of chosen) subscriptions.set(eventId, (subscriptions.get(eventId) ?? 0) + 1);
      watching.push([...chosen]);
    }

    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const progress = new Map<number, { connected: number; failed: number }>();
    const reports: Extract<WorkerEvent, { type: "report" }>[] = [];
    const reported = new Set<number>();
    const connectStarted = performance.now();
    for (let index = 0; index < workerCount; index++) {
      const worker = fork(path.join(import.meta.dirname, "lib", "odds-clients.ts"), ["--worker"], { execPath: process.execPath, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      workers.push(worker);
      worker.on("exit", (code, signal) => {
        if (!reported.has(index)) console.error(`worker ${index} exited before its report: code ${code}, signal ${signal}`);
      });
      worker.on("message", (event: WorkerEvent) => {
        if (event.type === "progress") progress.set(index, event);
        else {
          reported.add(index);
          reports.push(event);
        }
      });
      worker.send({ type: "connect", url, clients: watching.filter((_, client) => client % workerCount === index) } satisfies WorkerCommand);
    }
    const total = () => [...progress.values()].reduce((sum, item) => ({ connected: sum.connected + item.connected, failed: sum.failed + item.failed }), { connected: 0, failed: 0 });
    while (total().connected + total().failed < clients) await sleep(200);
    const { connected, failed } = total();
    console.log(
      `connected ${connected} guests (failed ${failed}) in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s, ${[...subscriptions.values()].reduce((a, b) => a + b, 0)} subscriptions; server RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    );
    await sleep(1_000);

    const sentAt: Record<string, number> = {};
    const committedAt: Record<string, number> = {};
    let peakRss = 0;
    /**
     * Calls `offer` `rate` times per second for `seconds` (open loop, catching up after a late tick),
     * with the moment each call was due on the shared clock.
     */
    async function drive(offer: (dueAt: number) => void): Promise<{ offered: number; seconds: number }> {
      let offered = 0;
      const started = performance.now();
      const endsAt = started + seconds * 1000;
      while (performance.now() < endsAt) {
        const due = Math.floor(((performance.now() - started) / 1000) * rate) - offered;
        for (let index = 0; index < due; index++, offered++) offer(performance.timeOrigin + started + (offered / rate) * 1000);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await sleep(DRIVER_TICK_MS);
      }
      return { offered, seconds: (performance.now() - started) / 1000 };
    }
    const randomEvent = () => eventIds[Math.floor(Math.random() * eventCount)]!;

    // Phase 1, the product's path: each change is a feed message, timed when the consumer gets it.
    // At most `backlogMs` of changes wait in the consumer; beyond it the driver holds back (a
    // bounded adapter buffer): queueing without end would only measure the queue. The consumer
    // applies an event's waiting messages together, so a longer buffer means larger batches.
    const maxBacklog = Math.max(50, Math.round((rate * backlogMs) / 1000));
    const applyLatencies = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
    let heldBack = 0;
    let applied = 0;
    let failedToApply = 0;
    let backlog = 0;
    const feedRun = await drive(() => {
      if (backlog >= maxBacklog) {
        heldBack += 1;
        return;
      }
      const eventId = randomEvent();
      const sequence = sequences.get(eventId)! + 1;
      sequences.set(eventId, sequence);
      const change = sequence - 2;
      const at = wallClock();
      sentAt[`${eventId}:${change}`] = at;
      backlog += 1;
      feed({ type: "odds_change", producer: "live", eventId, sequence, markets: [matchResult(change)] })
        .then(() => {
          committedAt[`${eventId}:${change}`] = wallClock();
          applied += 1;
          applyLatencies[Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(wallClock() - at))]! += 1;
        })
        .catch(() => (failedToApply += 1))
        .finally(() => (backlog -= 1));
    });
    const appliedInWindow = applied;
    while (backlog > 0) await sleep(50);
    await app.services.realtime.dispatchNow();
    await sleep(2_000);

    // Phase 2, the fan-out alone: the same updates handed to the hub as the dispatcher hands them.
    // Timed from when each was due: a hub that holds the event loop delays the publications after it.
    let hubChange = HUB_CHANGE_BASE;
    let expectedHub = 0;
    const hubRun = await drive((dueAt) => {
      const eventId = randomEvent();
      const change = hubChange++;
      sentAt[`${eventId}:${change}`] = dueAt;
      expectedHub += subscriptions.get(eventId) ?? 0;
      app.services.realtime.hub.deliver(sportEventChannel(eventId), {
        data: { eventId, status: "live", liveState: null, suspended: false, markets: [{ marketKey: "1", marketTypeId: 1, specifiers: "", status: "active", version: change, outcomes: matchResult(change).outcomes }] },
        eventId: String(change),
      });
    });
    await sleep(2_000);
    clearInterval(heartbeat);

    // Every subscriber of a changed event is owed its final price; the changes before it may reach it only as that price.
    const finalChanges: Record<number, number> = {};
    let owedFinal = 0;
    for (const [eventId, sequence] of sequences) {
      if (sequence <= 2) continue;
      finalChanges[eventId] = sequence - 2;
      owedFinal += subscriptions.get(eventId) ?? 0;
    }
    for (const worker of workers) worker.send({ type: "report", sentAt, committedAt, finalChanges } satisfies WorkerCommand);
    while (reports.length < workerCount) await sleep(100);

    const sum = (key: "feed" | "every" | "commit" | "hub") => {
      const histogram = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
      let count = 0;
      for (const report of reports) {
        for (let bucket = 0; bucket < HISTOGRAM_BUCKETS; bucket++) {
          histogram[bucket]! += report.histograms[key][bucket]!;
          count += report.histograms[key][bucket]!;
        }
      }
      let max = 0;
      for (let bucket = HISTOGRAM_BUCKETS - 1; bucket >= 0 && max === 0; bucket--) if (histogram[bucket]! > 0) max = bucket + 1;
      const p = (fraction: number) => percentileOf(histogram, count, fraction);
      return { count, p50: p(0.5), p95: p(0.95), p99: p(0.99), max };
    };
    const closed = reports.reduce((total, report) => total + report.closed, 0);
    const feedLatency = sum("feed");
    const everyChange = sum("every");
    const servedFinal = reports.reduce((total, report) => total + report.servedFinal, 0);
    // Every worker's clients see all of an event's publications: the most any worker saw is their number.
    const publishedPerEvent = new Map<number, number>();
    for (const report of reports) for (const [eventId, count] of Object.entries(report.published)) publishedPerEvent.set(Number(eventId), Math.max(publishedPerEvent.get(Number(eventId)) ?? 0, count));
    const publications = [...publishedPerEvent.values()].reduce((total, count) => total + count, 0);
    const changedWatched = Object.keys(finalChanges).filter((eventId) => subscriptions.has(Number(eventId))).length;
    const hubLatency = sum("hub");
    const applyP = (fraction: number) => percentileOf(applyLatencies, applied, fraction);
    const achievedRate = appliedInWindow / feedRun.seconds;
    const line = (figures: ReturnType<typeof sum>) => `p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, max ${figures.max} ms`;
    console.log(`feed path: asked ${feedRun.offered} changes in ${feedRun.seconds.toFixed(1)} s, ${heldBack} held back (backlog limit ${maxBacklog}); applied ${appliedInWindow} in the window = ${Math.round(achievedRate)} changes/s (${failedToApply} failed)`);
    console.log(`  feed consumer → committed (apply + outbox row): p50 ${applyP(0.5)} ms, p95 ${applyP(0.95)} ms, p99 ${applyP(0.99)} ms`);
    console.log(
      `  ${publications} publications of ${changedWatched} watched events (${(applied / Math.max(1, publications)).toFixed(1)} changes applied per publication, events nobody watches included); delivered ${feedLatency.count} = ${Math.round(feedLatency.count / feedRun.seconds)} msgs/s; final price received by ${servedFinal} of ${owedFinal} subscriptions`,
    );
    console.log(`  feed → client, every change (until a subscriber sees it or a newer price): ${line(everyChange)}`);
    console.log(`  feed → client, prices delivered: ${line(feedLatency)}`);
    console.log(`  committed → client (outbox dispatch, hub, socket): ${line(sum("commit"))}`);
    console.log(
      `hub alone: ${hubRun.offered} publications in ${hubRun.seconds.toFixed(1)} s = ${Math.round(hubRun.offered / hubRun.seconds)}/s; delivered ${hubLatency.count} of ${expectedHub} = ${Math.round(hubLatency.count / hubRun.seconds)} msgs/s; due → client ${line(hubLatency)}`,
    );
    console.log(`clients dropped by the server: ${closed}; server RSS peak ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
    const verdict = achievedRate >= rate * 0.95 && everyChange.p99 < TARGET_P99_MS && closed === 0 && servedFinal >= owedFinal;
    console.log(
      `${verdict ? "PASS" : "FAIL"}: ${rate} changes/s through the feed (achieved ${Math.round(achievedRate)}), feed → client p99 < ${TARGET_P99_MS} ms (got ${everyChange.p99} ms), no client dropped (${closed}), every subscriber has the final price (${servedFinal}/${owedFinal})`,
    );
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill();
    await app.close();
    await database.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the server of `serverUrl` for this run, and how to drop it. */
async function createThrowawayDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `playfair_sport_odds_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

runBench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
