// `npm run sport:producer`: the in-house odds feed as its own process (ADR 035). It runs the seeded
// simulator and posts its messages, in batches signed like provider callbacks, to a server started
// with SPORT_FEED=http; it answers the server's signed snapshot requests on its own loopback port.
//
//   SPORT_FEED_SERVER_URL   the server's origin (default http://127.0.0.1:3000)
//   SPORT_FEED_SECRETS      the shared secrets, comma separated: the first signs (required; the
//                           server must be given the same)
//   SPORT_PRODUCER_PORT     where snapshot requests are taken, on 127.0.0.1 (default 3901); the
//                           server's SPORT_FEED_PRODUCER_URL is http://127.0.0.1:<port>
//   SPORT_SIMULATOR_SEED    the calendar's seed (default as the server's)
import { createServer } from "node:http";
import { SnapshotRequestSchema, type FeedBatch, type SportCatalogueRows } from "../packages/contracts/src/sport/feed-catalogue.ts";
import type { FeedMessage, SportProducer } from "../packages/contracts/src/sport/feed-messages.ts";
import { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "../apps/server/src/lib/webhook-signature.ts";
import { createSimulatorAdapter } from "../apps/server/src/modules/sport/simulator/simulator-adapter.ts";

const serverUrl = process.env.SPORT_FEED_SERVER_URL ?? "http://127.0.0.1:3000";
const secrets = (process.env.SPORT_FEED_SECRETS ?? "")
  .split(",")
  .map((secret) => secret.trim())
  .filter(Boolean);
const port = Number(process.env.SPORT_PRODUCER_PORT ?? 3901);
const seed = Number(process.env.SPORT_SIMULATOR_SEED ?? 20_260_101);
if (secrets.length === 0) {
  console.error("sport-producer: SPORT_FEED_SECRETS is required (the server verifies our batches with it)");
  process.exit(1);
}

/** Messages per POST: a live odds_change is a few kilobytes, and the server takes a megabyte. */
const BATCH_SIZE = 200;
const COMPETITORS_PER_BATCH = 1000;
const FLUSH_EVERY_MS = 500;

let buffer: FeedMessage[] = [];
// Producers whose messages were lost in a failed post: their next message is refused, so the
// adapter's next alive says `subscribed: false` and the server recovers from a snapshot.
const failed = new Set<SportProducer>();

async function post(batch: FeedBatch): Promise<void> {
  const body = JSON.stringify(batch);
  const response = await fetch(new URL("/api/sport/feed/messages", serverUrl), {
    method: "POST",
    headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, [secrets[0]!], new Date()) },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${await response.text()}`);
}

let flushing: Promise<void> = Promise.resolve();
function flush(): Promise<void> {
  flushing = flushing.then(async () => {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, BATCH_SIZE);
      buffer = buffer.slice(BATCH_SIZE);
      try {
        await post({ messages: batch });
      } catch (error) {
        for (const message of batch) failed.add(message.producer);
        console.error(`sport-producer: ${batch.length} messages not delivered: ${(error as Error).message}`);
      }
    }
  });
  return flushing;
}

async function storeCatalogue(rows: SportCatalogueRows): Promise<void> {
  await post({ catalogue: { categories: rows.categories, championships: rows.championships, competitors: [] }, messages: [] });
  for (let start = 0; start < rows.competitors.length; start += COMPETITORS_PER_BATCH) {
    await post({ catalogue: { categories: [], championships: [], competitors: rows.competitors.slice(start, start + COMPETITORS_PER_BATCH) }, messages: [] });
  }
  console.log(`sport-producer: catalogue sent (${rows.categories.length} categories, ${rows.championships.length} championships, ${rows.competitors.length} competitors)`);
}

const adapter = createSimulatorAdapter({ seed, clock: () => Date.now(), storeCatalogue, onError: () => undefined });
await adapter.start(async (message) => {
  if (failed.delete(message.producer)) throw new Error("an earlier batch of this producer was lost");
  buffer.push(message);
});
const flusher = setInterval(() => void flush(), FLUSH_EVERY_MS);

const snapshots = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    if (request.method !== "POST" || request.url !== "/snapshot") return void response.writeHead(404).end();
    if (!verifyWebhookSignature(body, signature, secrets, new Date()).ok) return void response.writeHead(401).end();
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // Refused below like any other body that is not a snapshot request.
    }
    const parsed = SnapshotRequestSchema.safeParse(json);
    if (!parsed.success) return void response.writeHead(400).end();
    response.writeHead(202).end();
    void adapter.requestSnapshot(parsed.data.producer, parsed.data.since, parsed.data.requestId).then(flush);
  });
});
snapshots.listen(port, "127.0.0.1", () => console.log(`sport-producer: seed ${seed}, posting to ${serverUrl}, snapshot requests on http://127.0.0.1:${port}/snapshot`));

async function shutdown(): Promise<void> {
  clearInterval(flusher);
  await adapter.stop();
  await flush();
  snapshots.close();
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());
