import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sportEventChannel } from "@playfair/contracts/sport/sportsbook-api";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { startRedis } from "../../../test/redis-server.ts";
import { openTestDatabase, readJson, type TestDatabase } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { realtimeOutbox } from "./realtime.schema.ts";
import { connectCentrifuge, fetchConnectionToken, waitFor, websocketUrl } from "./realtime-test-kit.ts";

type Node = { app: FastifyInstance; baseUrl: string; request(path: string, init?: RequestInit): Promise<Response> };

async function startNode(database: TestDatabase, env: Record<string, string>): Promise<Node> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", ...env });
  const app = await buildApp({ config, database, web: false });
  app.post("/test/sign-in", async (request, reply) => {
    const { playerId } = request.body as { playerId: string };
    return app.services.sessions.signIn({ playerId, method: "password", request, reply });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return { app, baseUrl, request: (path, init) => fetch(`${baseUrl}${path}`, init) };
}

async function newPlayer(database: TestDatabase, node: Node): Promise<{ id: string; accessToken: string }> {
  const [row] = await database.db.insert(players).values({ email: `cluster-${Date.now()}-${Math.random()}@example.com`, language: "en", currency: "USD" }).returning({ id: players.id });
  const response = await node.request("/test/sign-in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId: row!.id }) });
  return { id: row!.id, accessToken: ((await readJson(response)) as { accessToken: string }).accessToken };
}

describe("realtime across nodes (Redis fan-out)", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: TestDatabase;
  let nodeA: Node;
  let nodeB: Node;

  beforeAll(async () => {
    redis = await startRedis();
    database = await openTestDatabase();
    nodeA = await startNode(database, { REDIS_URL: redis.url });
    // Node B polls the outbox rarely: the event must reach it through Redis, claimed by node A.
    nodeB = await startNode(database, { REDIS_URL: redis.url, REALTIME_POLL_MS: "10000" });
  });
  afterAll(async () => {
    await nodeA?.app.close();
    await nodeB?.app.close();
    await database?.close();
    await redis?.stop();
  });

  it("delivers an event published on node A to a player connected to node B, once, and sums the online figure", async () => {
    const player = await newPlayer(database, nodeB);
    const other = await newPlayer(database, nodeA);
    const onB = connectCentrifuge(websocketUrl(nodeB.baseUrl), { getToken: () => fetchConnectionToken(nodeB, player.accessToken) });
    const onA = connectCentrifuge(websocketUrl(nodeA.baseUrl), { getToken: () => fetchConnectionToken(nodeA, other.accessToken) });
    try {
      await waitFor(() => onB.client.state === "connected" && onA.client.state === "connected", 5_000, "both connected");
      await database.db.transaction((tx) => nodeA.app.services.realtime.publish(tx, `payment:invoices#${player.id}`, { event: "invoice paid" }));
      const publication = await waitFor(() => onB.publications.find((context) => context.channel === `payment:invoices#${player.id}`), 5_000, "publication on node B");
      expect(publication.data).toEqual({ event: "invoice paid" });
      const [row] = await database.db.select().from(realtimeOutbox).where(eq(realtimeOutbox.id, BigInt(publication.tags!.eventId!)));
      expect(row?.deliveredAt).toBeInstanceOf(Date);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onB.publications.filter((context) => context.channel === `payment:invoices#${player.id}`)).toHaveLength(1);
      expect(onA.publications.some((context) => context.channel === `payment:invoices#${player.id}`)).toBe(false);
      // Each node counts its own players and shares the figure: both see two.
      for (const connection of [onA, onB]) {
        await waitFor(() => connection.publications.some((context) => context.channel === "global:online" && (context.data as { online: number }).online === 2), 8_000, "online 2");
      }
    } finally {
      onA.client.disconnect();
      onB.client.disconnect();
    }
  });

  it("carries the public sport channels to a guest connected to node B", async () => {
    const guest = connectCentrifuge(websocketUrl(nodeB.baseUrl), {});
    try {
      await waitFor(() => guest.client.state === "connected", 5_000, "the guest connected");
      const subscription = guest.client.newSubscription(sportEventChannel(77));
      const subscribed = new Promise<void>((resolve) => subscription.on("subscribed", () => resolve()));
      const prices: unknown[] = [];
      subscription.on("publication", (context) => prices.push(context.data));
      subscription.subscribe();
      await subscribed;
      await database.db.transaction((tx) => nodeA.app.services.realtime.publish(tx, sportEventChannel(77), { eventId: 77, status: "suspended" }));
      await waitFor(() => prices.length > 0, 5_000, "the price change on node B");
      expect(prices).toEqual([{ eventId: 77, status: "suspended" }]);
    } finally {
      guest.client.disconnect();
    }
  });
});

describe("realtime through Centrifugo's HTTP API", () => {
  it("asks Centrifugo to disconnect a player whose session was revoked, once, with the reconnecting session-check code", async () => {
    const calls: { url: string | undefined; body: Record<string, unknown> }[] = [];
    let failNext = true;
    const fake: Server = createHttpServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        calls.push({ url: request.url, body: JSON.parse(text) as Record<string, unknown> });
        // The first disconnect call meets an outage: it is tried again at the next poll.
        if (request.url === "/api/disconnect" && failNext) {
          failNext = false;
          response.writeHead(503).end();
          return;
        }
        response.writeHead(200, { "content-type": "application/json" }).end('{"result":{}}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const database = await openTestDatabase();
    const node = await startNode(database, { CENTRIFUGO_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, CENTRIFUGO_API_KEY: "api-key" });
    try {
      const [player] = await database.db.insert(players).values({ email: `revoked-${Date.now()}@example.com`, language: "en", currency: "USD" }).returning({ id: players.id });
      const signIn = async () => {
        const response = await node.request("/test/sign-in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId: player!.id }) });
        return (await readJson(response)) as { sessionId: string };
      };
      const phone = await signIn();
      await signIn();
      await node.app.services.sessions.revokeSessions({ playerId: player!.id, sessionId: phone.sessionId, reason: "logout" });
      const disconnects = () => calls.filter((call) => call.url === "/api/disconnect");
      await waitFor(() => disconnects().length >= 2, 8_000, "the disconnect call, retried after the outage");
      expect(disconnects()[1]!.body).toEqual({ user: player!.id, disconnect: { code: 4001, reason: "session check" } });
      // Later polls see the same revocation again (overlapping window) and do not repeat the call.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(disconnects()).toHaveLength(2);
    } finally {
      await node.app.close();
      await database.close();
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });

  it("posts outbox rows to /api/publish instead of the local websocket and marks them delivered", async () => {
    const received: { apiKey: string | undefined; body: Record<string, unknown> }[] = [];
    const fake: Server = createHttpServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        received.push({ apiKey: request.headers["x-api-key"] as string | undefined, body: JSON.parse(text) as Record<string, unknown> });
        response.writeHead(200, { "content-type": "application/json" }).end('{"result":{}}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const database = await openTestDatabase();
    const node = await startNode(database, { CENTRIFUGO_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, CENTRIFUGO_API_KEY: "api-key" });
    try {
      await database.db.transaction((tx) => node.app.services.realtime.publish(tx, "bonus:player-bonuses#9", { event: "bonus" }));
      const post = await waitFor(() => received[0], 5_000, "the publish call");
      expect(post.apiKey).toBe("api-key");
      expect(post.body).toMatchObject({ channel: "bonus:player-bonuses#9", data: { event: "bonus" }, idempotency_key: expect.stringMatching(/^outbox-\d+$/) });
      // The row is marked once Centrifugo answered; a pass now waits for the one in flight.
      await node.app.services.realtime.dispatchNow();
      const [row] = await database.db.select().from(realtimeOutbox).where(eq(realtimeOutbox.channel, "bonus:player-bonuses#9"));
      expect(row?.deliveredAt).toBeInstanceOf(Date);
      expect(received).toHaveLength(1);
    } finally {
      await node.app.close();
      await database.close();
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });
});
