import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openTestDatabase, readJson, type TestServer } from "../../../test/test-server.ts";
import { createPlayer, createTestClock, signIn, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { players } from "../player/player.schema.ts";
import { realtimeOutbox } from "./realtime.schema.ts";
import { connectCentrifuge, fetchConnectionToken, openRawSocket, waitFor, websocketUrl } from "./realtime-test-kit.ts";

describe("realtime websocket (Centrifuge protocol v2 JSON)", () => {
  const clock = createTestClock();
  let server: TestServer;
  let url: string;
  let alice: { id: string; accessToken: string };
  let bob: { id: string; accessToken: string };

  beforeAll(async () => {
    server = await startAccountsServer({ clock, env: { REALTIME_PING_SECONDS: "1", REALTIME_PONG_TIMEOUT_SECONDS: "1" } });
    url = websocketUrl(server.baseUrl);
    const a = await createPlayer(server);
    const b = await createPlayer(server);
    alice = { id: a.id, accessToken: (await signIn(server, a.id)).accessToken };
    bob = { id: b.id, accessToken: (await signIn(server, b.id)).accessToken };
  });
  afterAll(async () => server?.close());

  it("issues a 15-minute connection token to signed-in players only", async () => {
    expect((await server.request("/api/realtime/token")).status).toBe(401);
    const response = await server.request("/api/realtime/token", { headers: { authorization: `Bearer ${alice.accessToken}` } });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(typeof body.token).toBe("string");
    expect(Date.parse(body.expiresAt) - clock.now().getTime()).toBeGreaterThan(14 * 60 * 1000);
    expect(Date.parse(body.expiresAt) - clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it("delivers committed publications of the player's channels, never another player's, nothing when rolled back", async () => {
    const connection = connectCentrifuge(url, { getToken: () => fetchConnectionToken(server, alice.accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      const realtime = server.app.services.realtime;
      await server.database.db.transaction(async (tx) => {
        await realtime.publish(tx, `wallet:accounts#${bob.id}`, { event: "for bob" });
      });
      await expect(
        server.database.db.transaction(async (tx) => {
          await realtime.publish(tx, `wallet:accounts#${alice.id}`, { event: "rolled back" });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      await server.database.db.transaction(async (tx) => {
        await realtime.publish(tx, `wallet:accounts#${alice.id}`, { event: "balance", amount: "10.00" });
      });
      const publication = await waitFor(() => connection.publications.find((context) => context.channel === `wallet:accounts#${alice.id}`), 5_000, "alice's publication");
      expect(publication.data).toEqual({ event: "balance", amount: "10.00" });
      expect(publication.offset).toBeGreaterThan(0);
      expect(publication.tags?.eventId).toBe(String(publication.offset));
      await realtime.dispatchNow();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const events = connection.publications.map((context) => (context.data as { event?: string }).event);
      expect(events).not.toContain("for bob");
      expect(events).not.toContain("rolled back");
      const online = await waitFor(() => connection.publications.find((context) => context.channel === "global:online"), 5_000, "online count");
      expect(online.data).toEqual({ online: 1 });
    } finally {
      connection.client.disconnect();
    }
  });

  it("delivers a publication as soon as a slow transaction commits, well before the safety-net poll", async () => {
    const connection = connectCentrifuge(url, { getToken: () => fetchConnectionToken(server, alice.accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      const realtime = server.app.services.realtime;
      let committedAt = 0;
      await server.database.db.transaction(async (tx) => {
        await realtime.publish(tx, `wallet:accounts#${alice.id}`, { event: "slow commit" });
        // Longer than the dispatcher's fast-poll window after a publish (300 ms).
        await new Promise((resolve) => setTimeout(resolve, 600));
      });
      committedAt = Date.now();
      await waitFor(() => connection.publications.find((context) => (context.data as { event?: string }).event === "slow commit"), 5_000, "the publication");
      // PostgreSQL's poll is 200 ms; PGlite's is 2 s, but there the woken poll waits behind the transaction.
      expect(Date.now() - committedAt).toBeLessThan(1_000);
    } finally {
      connection.client.disconnect();
    }
  });

  it("keeps delivering while publications follow each other faster than the dispatcher's fast poll", async () => {
    const connection = connectCentrifuge(url, { getToken: () => fetchConnectionToken(server, alice.accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      const realtime = server.app.services.realtime;
      const arrived = () => connection.publications.filter((context) => (context.data as { event?: string }).event === "price").length;
      // A busy feed: one committed publication after another, less than 5 ms apart, for up to 1.5 s.
      const publishUntil = Date.now() + 1_500;
      let published = 0;
      while (Date.now() < publishUntil && arrived() === 0) {
        await realtime.publish(server.database.db, `wallet:accounts#${alice.id}`, { event: "price", seq: published });
        published += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The first ones reached the player while the stream went on, not only once it paused.
      expect(arrived()).toBeGreaterThan(0);
      expect(Date.now()).toBeLessThan(publishUntil);
    } finally {
      connection.client.disconnect();
    }
  });

  it("refuses another player's channel (103), an unknown namespace (102), and client publish (108) / rpc (104)", async () => {
    const connection = connectCentrifuge(url, { getToken: () => fetchConnectionToken(server, alice.accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      // Permanent subscribe errors end the subscription with the server's code.
      const foreign = connection.client.newSubscription(`wallet:accounts#${bob.id}`);
      const foreignError = new Promise<number>((resolve) => foreign.on("unsubscribed", (context) => resolve(context.code)));
      foreign.subscribe();
      expect(await foreignError).toBe(103);
      const unknown = connection.client.newSubscription("casino:tables#1");
      const unknownError = new Promise<number>((resolve) => unknown.on("unsubscribed", (context) => resolve(context.code)));
      unknown.subscribe();
      expect(await unknownError).toBe(102);
      await expect(connection.client.publish("global:online", { online: 99 })).rejects.toMatchObject({ code: 108 });
      await expect(connection.client.rpc("anything", {})).rejects.toMatchObject({ code: 104 });
    } finally {
      connection.client.disconnect();
    }
  });

  it("answers an expired token with 109; the client fetches a new one and connects", async () => {
    const staleToken = await fetchConnectionToken(server, alice.accessToken);
    clock.advanceSeconds(16 * 60);
    // The access token has expired too on the moved clock: sign in again for the fresh token.
    const fresh = await signIn(server, alice.id);
    let tokenRequests = 0;
    const connection = connectCentrifuge(url, {
      token: staleToken,
      getToken: async () => {
        tokenRequests += 1;
        return fetchConnectionToken(server, fresh.accessToken);
      },
    });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected after refresh");
      expect(tokenRequests).toBeGreaterThanOrEqual(1);
      alice.accessToken = fresh.accessToken;
    } finally {
      connection.client.disconnect();
    }
  });

  it("disconnects a forged token for good with 3500", async () => {
    const connection = connectCentrifuge(url, { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged" });
    try {
      const disconnect = await waitFor(() => connection.disconnects[0], 5_000, "disconnect");
      expect(disconnect.code).toBe(3500);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(connection.client.state).toBe("disconnected");
    } finally {
      connection.client.disconnect();
    }
  });

  it("refuses the token of a revoked session with 3500", async () => {
    const session = await signIn(server, alice.id);
    const token = await fetchConnectionToken(server, session.accessToken);
    await server.app.services.sessions.revokeSessions({ playerId: alice.id, sessionId: session.sessionId, reason: "test" });
    const raw = await openRawSocket(url);
    raw.send(JSON.stringify({ id: 1, connect: { token } }));
    expect((await raw.closed()).code).toBe(3500);
  });

  it("disconnects a live connection with 3500 when its session is revoked (sign-out elsewhere)", async () => {
    const session = await signIn(server, bob.id);
    const raw = await openRawSocket(url);
    raw.send(JSON.stringify({ id: 1, connect: { token: await fetchConnectionToken(server, session.accessToken) } }));
    await raw.reply(1);
    // The current online figure arrives right after connect, before any change.
    await waitFor(() => raw.messages.find((message) => (message.push as { channel?: string } | undefined)?.channel === "global:online"), 2_000, "online figure");
    // Answer pings so only the revocation can end it (a slow revocation poll would otherwise lose
    // the race to the missing pong's 3012).
    raw.socket.on("message", (data) => {
      if (data.toString().split("\n").includes("{}")) raw.send("{}");
    });
    await server.app.services.sessions.revokeSessions({ playerId: bob.id, sessionId: session.sessionId, reason: "test" });
    expect((await raw.closed()).code).toBe(3500);
  });

  it("closes with 3501 on a malformed frame or a command before connect, 1009 on an oversize message", async () => {
    const malformed = await openRawSocket(url);
    malformed.send("{not json");
    expect((await malformed.closed()).code).toBe(3501);
    const early = await openRawSocket(url);
    early.send(JSON.stringify({ id: 1, subscribe: { channel: "global:online" } }));
    expect((await early.closed()).code).toBe(3501);
    const huge = await openRawSocket(url);
    huge.send(JSON.stringify({ id: 1, connect: { token: "x".repeat(70_000) } }));
    expect((await huge.closed()).code).toBe(1009);
  });

  it("speaks the JSON protocol by hand: several commands per frame, pings, missing pong closes with 3012", async () => {
    const token = await fetchConnectionToken(server, alice.accessToken);
    const raw = await openRawSocket(url);
    raw.send(`${JSON.stringify({ id: 1, connect: { token } })}\n${JSON.stringify({ id: 2, subscribe: { channel: `wallet:accounts#${bob.id}` } })}`);
    const connect = (await raw.reply(1)) as { connect: { client: string; ping: number; pong: boolean; expires: boolean; ttl: number; subs: Record<string, object> } };
    expect(connect.connect).toMatchObject({ ping: 1, pong: true, expires: true });
    expect(connect.connect.ttl).toBeGreaterThan(800);
    expect(Object.keys(connect.connect.subs)).toHaveLength(12);
    expect(Object.keys(connect.connect.subs)).toContain(`messenger:pushes#${alice.id}`);
    expect(await raw.reply(2)).toMatchObject({ error: { code: 103 } });
    raw.send(JSON.stringify({ id: 3, refresh: { token: await fetchConnectionToken(server, alice.accessToken) } }));
    expect(await raw.reply(3)).toMatchObject({ refresh: { client: connect.connect.client, expires: true } });
    // Never answering the server's pings ends the connection.
    expect((await raw.closed()).code).toBe(3012);
    expect(raw.messages.some((message) => Object.keys(message).length === 0)).toBe(true);
  });

  it("answers a command flood with 111, then closes with 3013", async () => {
    const token = await fetchConnectionToken(server, alice.accessToken);
    const raw = await openRawSocket(url);
    raw.send(JSON.stringify({ id: 1, connect: { token } }));
    await raw.reply(1);
    const flood = Array.from({ length: 150 }, (_, index) => JSON.stringify({ id: index + 2, unsubscribe: { channel: "global:online" } })).join("\n");
    raw.send(flood);
    expect((await raw.closed()).code).toBe(3013);
    expect(raw.messages.some((message) => (message.error as { code?: number } | undefined)?.code === 111)).toBe(true);
  });

  it("closes an expired connection that did not refresh with 3005", async () => {
    const token = await fetchConnectionToken(server, alice.accessToken);
    const raw = await openRawSocket(url);
    raw.send(JSON.stringify({ id: 1, connect: { token } }));
    await raw.reply(1);
    // Answer pings so only the expiry can end it.
    raw.socket.on("message", (data) => {
      if (data.toString() === "{}") raw.send("{}");
    });
    clock.advanceSeconds(16 * 60);
    expect((await raw.closed()).code).toBe(3005);
    alice.accessToken = (await signIn(server, alice.id)).accessToken;
    bob.accessToken = (await signIn(server, bob.id)).accessToken;
  });
});

describe("realtime outbox across restarts", () => {
  it("delivers a row committed before a crash after the next start, and the client reconnects to a restarted server", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false" });
    // Listens as server.ts would, with the test-only sign-in route of the accounts tests.
    const start = async (port: number) => {
      const app = await buildApp({ config, database, web: false });
      app.post("/test/sign-in", async (request, reply) => {
        const { playerId } = request.body as { playerId: string };
        return app.services.sessions.signIn({ playerId, method: "password", request, reply });
      });
      await app.listen({ port, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      const baseUrl = `http://127.0.0.1:${address.port}`;
      return { app, port: address.port, baseUrl, request: (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init) };
    };
    try {
      // A row committed by a process that died before delivering it.
      const [orphan] = await database.db.insert(realtimeOutbox).values({ channel: "wallet:accounts#nobody", data: { event: "orphan" } }).returning({ id: realtimeOutbox.id });
      let node = await start(0);
      const deliveredAt = async () => (await database.db.select().from(realtimeOutbox).where(eq(realtimeOutbox.id, orphan!.id)))[0]?.deliveredAt;
      await node.app.services.realtime.dispatchNow();
      expect(await deliveredAt()).toBeInstanceOf(Date);

      const [player] = await database.db.insert(players).values({ email: `restart-${Date.now()}@example.com`, language: "en", currency: "USD" }).returning({ id: players.id });
      const session = await node.request("/test/sign-in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId: player!.id }) });
      const { accessToken } = (await readJson(session)) as { accessToken: string };
      const baseUrl = node.baseUrl;
      const tokenSource = { request: (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init) };
      const connection = connectCentrifuge(websocketUrl(baseUrl), { getToken: () => fetchConnectionToken(tokenSource, accessToken) });
      try {
        await waitFor(() => connection.client.state === "connected", 5_000, "connected");
        await node.app.close();
        await waitFor(() => connection.client.state !== "connected", 5_000, "disconnect on shutdown");
        expect(connection.disconnects).toEqual([]);
        node = await start(node.port);
        await waitFor(() => connection.client.state === "connected", 10_000, "reconnected");
        const app = node.app;
        await database.db.transaction((tx) => app.services.realtime.publish(tx, `game:bets#${player!.id}`, { event: "after restart" }));
        const publication = await waitFor(() => connection.publications.find((context) => context.channel === `game:bets#${player!.id}`), 5_000, "publication after restart");
        expect(publication.data).toEqual({ event: "after restart" });
      } finally {
        connection.client.disconnect();
        await node.app.close();
      }
    } finally {
      await database.close();
    }
  });
});
