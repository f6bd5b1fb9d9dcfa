// Realtime benchmark: one server (this process: the real app with its websocket hub and outbox on a
// fresh PGlite database) and raw `ws` clients in worker processes. Prints RSS per connection, the
// latency and throughput of a broadcast to everyone (what global:online does), and commit→client
// latency of per-player publications through the transactional outbox, and a 2,000-recipient campaign
// written with publishMany (commit time, and commit→client for every recipient).
//
//   node bench/realtime.ts [connections=10000] [workers=2]
//
// A report, not a test: it exits 0 whatever the figures, 1 only when it could not run.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";

type WorkerCommand = { type: "connect"; url: string; tokens: string[] } | { type: "report" };
type WorkerEvent =
  | { type: "progress"; connected: number; failed: number }
  | { type: "report"; broadcast: [number, number][]; personal: [string, number][]; closed: number };

const BROADCAST_SAMPLES = 20;
const BROADCAST_INTERVAL_MS = 250;
const BURST_BROADCASTS = 50;
const PERSONAL_PUBLICATIONS = 500;
const PERSONAL_RATE_PER_SECOND = 100;
const CONNECT_CONCURRENCY = 200;
/** A notification campaign: one publication per recipient written by publishMany in one transaction. */
const CAMPAIGN_RECIPIENTS = 2_000;

/** Milliseconds on a clock shared by every process of this machine. */
const wallClock = () => performance.timeOrigin + performance.now();

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- Worker: opens its share of the connections and records what arrives ----------------------
async function runWorker(): Promise<void> {
  const broadcast: [number, number][] = [];
  const personal: [string, number][] = [];
  const sockets: WebSocket[] = [];
  let closed = 0;
  const send = (event: WorkerEvent) => process.send?.(event);

  function onFrame(socket: WebSocket, text: string): void {
    const at = wallClock();
    for (const line of text.split("\n")) {
      if (line === "{}") {
        socket.send("{}");
        continue;
      }
      const message = JSON.parse(line) as { push?: { pub?: { data?: { bench?: string; seq?: number; sentAt?: number; nonce?: string } } } };
      const data = message.push?.pub?.data;
      if (data?.bench === "broadcast" && data.seq !== undefined && data.sentAt !== undefined) broadcast.push([data.seq, at]);
      else if (data?.bench === "personal" && data.nonce) personal.push([data.nonce, at]);
    }
  }

  function open(url: string, token: string): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      let answered = false;
      socket.on("open", () => socket.send(JSON.stringify({ id: 1, connect: { token } })));
      socket.on("message", (raw) => {
        const text = raw.toString();
        if (!answered) {
          answered = true;
          resolve(text.includes('"connect"'));
        }
        onFrame(socket, text);
      });
      socket.on("error", () => {
        if (!answered) {
          answered = true;
          resolve(false);
        }
      });
      socket.on("close", () => (closed += 1));
      sockets.push(socket);
    });
  }

  process.on("message", async (command: WorkerCommand) => {
    if (command.type === "connect") {
      let connected = 0;
      let failed = 0;
      let next = 0;
      const lanes = Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (next < command.tokens.length) {
          const token = command.tokens[next++]!;
          if (await open(command.url, token)) connected += 1;
          else failed += 1;
          if ((connected + failed) % 500 === 0) send({ type: "progress", connected, failed });
        }
      });
      await Promise.all(lanes);
      send({ type: "progress", connected, failed });
    } else if (command.type === "report") {
      // Exit only once the (large) report has left through the IPC channel.
      process.send?.({ type: "report", broadcast, personal, closed } satisfies WorkerEvent, undefined, {}, () => {
        for (const socket of sockets) socket.terminate();
        process.exit(0);
      });
    }
  });
}

// --- Coordinator and server --------------------------------------------------------------------
async function runBench(): Promise<void> {
  const connections = Number(process.argv[2] ?? 10_000);
  const workerCount = Number(process.argv[3] ?? 2);
  const { buildApp } = await import("../apps/server/src/app.ts");
  const { loadConfig } = await import("../apps/server/src/config.ts");
  const { openDatabase } = await import("../apps/server/src/db/database.ts");

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "playfair-realtime-bench-"));
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: dataDir, RATE_LIMIT_MAX: "100000000", CAPTCHA_PROVIDER: "off" });
  const app = await buildApp({ config, database, web: false, logger: { level: "warn" } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connection/websocket`;
  const realtime = app.services.realtime;
  const workers: ChildProcess[] = [];

  try {
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
    console.log(`connections: ${connections} from ${workerCount} worker processes (raw ws clients), server in one process`);
    const playerIds = Array.from({ length: connections }, (_, index) => `bench-${index}`);
    const tokens = await Promise.all(playerIds.map(async (id) => (await realtime.connectionToken(id)).token));

    globalThis.gc?.();
    await sleep(500);
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().external + process.memoryUsage().arrayBuffers;
    const progress = new Map<number, { connected: number; failed: number }>();
    const reports: Extract<WorkerEvent, { type: "report" }>[] = [];
    const reported = new Set<number>();
    const connectStarted = performance.now();
    for (let index = 0; index < workerCount; index++) {
      const worker = fork(import.meta.filename, ["--worker"], { execPath: process.execPath, stdio: ["ignore", "inherit", "inherit", "ipc"] });
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
      const share = tokens.filter((_, tokenIndex) => tokenIndex % workerCount === index);
      worker.send({ type: "connect", url, tokens: share } satisfies WorkerCommand);
    }
    const total = () => [...progress.values()].reduce((sum, item) => ({ connected: sum.connected + item.connected, failed: sum.failed + item.failed }), { connected: 0, failed: 0 });
    while (total().connected + total().failed < connections) await sleep(200);
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const { connected, failed } = total();
    await sleep(2_000);
    globalThis.gc?.();
    const rssAfter = process.memoryUsage().rss;
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().external + process.memoryUsage().arrayBuffers;
    console.log(`connected ${connected} (failed ${failed}) in ${connectSeconds.toFixed(1)} s; hub sees ${realtime.hub.connectionCount()} connections, ${realtime.hub.onlinePlayers()} players`);
    console.log(`server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MiB → ${(rssAfter / 2 ** 20).toFixed(0)} MiB: ${((rssAfter - rssBefore) / connected / 1024).toFixed(1)} KiB per connection (RSS includes heap reserved before the run); JS heap + buffers ${((heapAfter - heapBefore) / connected / 1024).toFixed(1)} KiB per connection`);

    // Broadcast latency: spaced broadcasts to everyone, as global:online sends them.
    const sentAt = new Map<number, number>();
    for (let seq = 0; seq < BROADCAST_SAMPLES; seq++) {
      const at = wallClock();
      sentAt.set(seq, at);
      realtime.hub.deliver("global:online", { data: { bench: "broadcast", seq, sentAt: at } });
      await sleep(BROADCAST_INTERVAL_MS);
    }
    // Throughput: a burst of broadcasts back to back.
    const burstStart = wallClock();
    for (let seq = 1_000; seq < 1_000 + BURST_BROADCASTS; seq++) {
      sentAt.set(seq, wallClock());
      realtime.hub.deliver("global:online", { data: { bench: "broadcast", seq, sentAt: sentAt.get(seq) } });
    }
    await sleep(3_000);

    // Per-player publications through the outbox: commit → client.
    const committedAt = new Map<string, number>();
    for (let index = 0; index < PERSONAL_PUBLICATIONS; index++) {
      const nonce = `n${index}`;
      const playerId = playerIds[Math.floor(Math.random() * connected)]!;
      await database.db.transaction((tx) => realtime.publish(tx, `wallet:accounts#${playerId}`, { bench: "personal", nonce }));
      committedAt.set(nonce, wallClock());
      await sleep(1000 / PERSONAL_RATE_PER_SECOND);
    }
    await sleep(2_000);

    // A campaign: one publication per recipient, all written in one transaction by publishMany.
    const recipients = playerIds.slice(0, Math.min(CAMPAIGN_RECIPIENTS, connected));
    const campaignStart = performance.now();
    await database.db.transaction((tx) =>
      realtime.publishMany(
        tx,
        recipients.map((playerId, index) => ({ channel: `messenger:pushes#${playerId}`, data: { bench: "personal", nonce: `c${index}`, type: "push" } })),
      ),
    );
    const campaignCommitMs = performance.now() - campaignStart;
    const campaignCommittedAt = wallClock();
    await sleep(3_000);

    for (const worker of workers) worker.send({ type: "report" } satisfies WorkerCommand);
    while (reports.length < workerCount) await sleep(100);

    const spacedLatencies: number[] = [];
    let burstReceived = 0;
    let burstLast = burstStart;
    let closedByServer = 0;
    const personalLatencies: number[] = [];
    const campaignLatencies: number[] = [];
    for (const report of reports) {
      closedByServer += report.closed;
      for (const [seq, at] of report.broadcast) {
        if (seq < 1_000) spacedLatencies.push(at - sentAt.get(seq)!);
        else {
          burstReceived += 1;
          burstLast = Math.max(burstLast, at);
        }
      }
      for (const [nonce, at] of report.personal) {
        if (nonce.startsWith("c")) {
          campaignLatencies.push(at - campaignCommittedAt);
          continue;
        }
        const committed = committedAt.get(nonce);
        if (committed !== undefined) personalLatencies.push(at - committed);
      }
    }
    const format = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms, max ${values.reduce((a, b) => Math.max(a, b), 0).toFixed(1)} ms`;
    console.log(`broadcast to all (${BROADCAST_SAMPLES} × ${connected}, ${spacedLatencies.length} received): ${format(spacedLatencies)}`);
    const burstSeconds = (burstLast - burstStart) / 1000;
    console.log(`burst: ${BURST_BROADCASTS} broadcasts → ${burstReceived} of ${BURST_BROADCASTS * connected} delivered in ${burstSeconds.toFixed(2)} s = ${Math.round(burstReceived / burstSeconds)} msgs/s`);
    console.log(`per-player outbox publications (${PERSONAL_PUBLICATIONS} at ${PERSONAL_RATE_PER_SECOND}/s, ${personalLatencies.length} received): commit→client ${format(personalLatencies)}`);
    console.log(
      `campaign (${recipients.length} recipients, publishMany in one transaction): written and committed in ${campaignCommitMs.toFixed(0)} ms; ${campaignLatencies.length} received, commit→client ${format(campaignLatencies)}`,
    );
    console.log(`sockets closed by the server during the run: ${closedByServer}`);
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--worker")) {
  void runWorker();
} else {
  runBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
