import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import type { SportCatalogueRows } from "@playfair/contracts/sport/feed-catalogue";
import { readJson, startTestServer, type TestServer } from "../../../../test/test-server.ts";
import { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from "../../../lib/webhook-signature.ts";
import { createHttpFeedAdapter, type HttpFeedAdapter } from "./http-feed-adapter.ts";
import { sportFeedRoutes } from "./http-feed.routes.ts";

const SECRET = "feed-producer-secret-for-tests";
const delivered: FeedMessage[] = [];
const catalogues: SportCatalogueRows[] = [];
const snapshotRequests: { body: string; verified: boolean }[] = [];
let server: TestServer;
let producer: Server;
let adapter: HttpFeedAdapter;

beforeAll(async () => {
  // The separate producer's snapshot address: records what the server asks and whether it was signed with our secret.
  producer = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      snapshotRequests.push({ body, verified: request.url === "/producer/snapshot" && verifyWebhookSignature(body, Array.isArray(header) ? header[0] : header, [SECRET], new Date()).ok });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => producer.listen(0, "127.0.0.1", resolve));
  const address = producer.address();
  if (!address || typeof address === "string") throw new Error("producer has no address");
  server = await startTestServer({
    configure: async (app) => {
      adapter = createHttpFeedAdapter({
        producerUrl: `http://127.0.0.1:${address.port}/producer`,
        secrets: async () => [SECRET],
        now: () => new Date(),
        storeCatalogue: async (rows) => {
          catalogues.push(rows);
        },
        logger: app.log,
      });
      // The app's own `/api/sport/feed` serves the configured adapter (none in tests); the same
      // routes here hand batches to this test's adapter.
      await app.register(sportFeedRoutes, { prefix: "/api/test-producer/sport/feed", feed: () => adapter });
    },
  });
  await adapter.start(async (message) => {
    delivered.push(message);
  });
});

afterAll(async () => {
  await adapter?.stop();
  await server?.close();
  await new Promise((resolve) => producer?.close(resolve));
});

const ALIVE: FeedMessage = { type: "alive", producer: "live", timestamp: 1_796_400_000_000, subscribed: true };
const FIXTURE: FeedMessage = {
  type: "fixture_change",
  producer: "prematch",
  timestamp: 1_796_400_000_000,
  eventId: 204_230_001,
  sequence: 1,
  changeType: "new",
  fixture: { sportId: 66, categoryId: 2001, championshipId: 10_001, homeCompetitorId: 100_001, awayCompetitorId: 100_002, name: "FC Valetto - Bjorheim Rovers", startsAt: 1_796_500_000_000, status: "not_started", liveCoverage: true },
};
const CATALOGUE: SportCatalogueRows = {
  categories: [{ id: 2001, sportId: 66, name: "England", position: 0 }],
  championships: [{ id: 10_001, categoryId: 2001, name: "England Premier Division", position: 0 }],
  competitors: [{ id: 100_001, sportId: 66, name: "FC Valetto", shortName: "FCV", crest: { shape: 2, primary: "#112233", secondary: "#ffeedd" } }],
};

function post(body: string, signature: string | undefined): Promise<Response> {
  return server.request("/api/test-producer/sport/feed/messages", { method: "POST", headers: { "content-type": "application/json", ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}) }, body });
}

describe("POST /api/sport/feed/messages", () => {
  it("refuses unsigned, wrongly signed, tampered and stale batches with 401 and delivers nothing", async () => {
    const body = JSON.stringify({ messages: [ALIVE] });
    const now = new Date();
    const refused = [
      await post(body, undefined),
      await post(body, signWebhook(body, ["someone-else"], now)),
      await post(body.replace("true", "false"), signWebhook(body, [SECRET], now)),
      await post(body, signWebhook(body, [SECRET], new Date(now.getTime() - (WEBHOOK_TOLERANCE_SECONDS + 5) * 1000))),
    ];
    for (const response of refused) {
      expect(response.status).toBe(401);
      expect(await readJson(response)).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    }
    expect(delivered).toHaveLength(0);
  });

  it("stores the catalogue, then delivers the batch's messages in order", async () => {
    const body = JSON.stringify({ catalogue: CATALOGUE, messages: [ALIVE, FIXTURE] });
    const response = await post(body, signWebhook(body, [SECRET], new Date()));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ received: 2 });
    expect(catalogues).toEqual([CATALOGUE]);
    expect(delivered).toEqual([ALIVE, FIXTURE]);
  });

  it("answers 400 to a signed body that is not a feed batch", async () => {
    const body = JSON.stringify({ messages: [{ type: "odds_change", producer: "live" }] });
    const response = await post(body, signWebhook(body, [SECRET], new Date()));
    expect(response.status).toBe(400);
    expect(delivered).toHaveLength(2);
  });
});

describe("snapshot requests", () => {
  it("go to the producer's snapshot address, signed with the first secret", async () => {
    await adapter.requestSnapshot("prematch", 1_796_400_000_000, "recovery-7");
    expect(snapshotRequests).toEqual([{ body: JSON.stringify({ producer: "prematch", since: 1_796_400_000_000, requestId: "recovery-7" }), verified: true }]);
  });
});
