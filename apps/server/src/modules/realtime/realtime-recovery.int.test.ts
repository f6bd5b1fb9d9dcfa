import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openTestDatabase, readJson, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { createPlayer, signIn, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { HISTORY_SIZE, pruneHistory } from "./realtime-history.ts";
import { realtimeOutbox } from "./realtime.schema.ts";
import { connectCentrifuge, fetchConnectionToken, openRawSocket, startCuttableRelay, waitFor, websocketUrl } from "./realtime-test-kit.ts";

type SubscribeResult = {
  recoverable?: boolean;
  positioned?: boolean;
  epoch?: string;
  offset?: number;
  recovered?: boolean;
  was_recovering?: boolean;
  publications?: { data: unknown; offset: number; tags?: Record<string, string> }[];
};

describe("realtime history and recovery (Centrifugo-style, from the outbox)", () => {
  let server: TestServer;
  let player: { id: string; accessToken: string };

  beforeAll(async () => {
    server = await startAccountsServer();
    const created = await createPlayer(server);
    player = { id: created.id, accessToken: (await signIn(server, created.id)).accessToken };
  });
  afterAll(async () => server?.close());

  const wallet = () => `wallet:accounts#${player.id}`;
  const publish = (channel: string, data: unknown) => server.database.db.transaction((tx) => server.app.services.realtime.publish(tx, channel, data));

  /** Connects by hand with the given `subs`, returns the connect result's subs. */
  async function connectRaw(subs?: Record<string, unknown>): Promise<Record<string, SubscribeResult>> {
    const raw = await openRawSocket(websocketUrl(server.baseUrl));
    raw.send(JSON.stringify({ id: 1, connect: { token: await fetchConnectionToken(server, player.accessToken), ...(subs ? { subs } : {}) } }));
    const reply = (await raw.reply(1)) as { connect: { subs: Record<string, SubscribeResult> } };
    raw.socket.close();
    return reply.connect.subs;
  }

  it("marks player channels recoverable with a stable epoch and the stream's offset; global:online has no history", async () => {
    await publish(wallet(), { event: "first" });
    await server.app.services.realtime.dispatchNow();
    const first = await connectRaw();
    expect(first[wallet()]).toMatchObject({ recoverable: true, positioned: true });
    expect(first[wallet()]!.epoch).toMatch(/^\S{8}$/);
    expect(first[wallet()]!.offset).toBeGreaterThan(0);
    expect(first[wallet()]).not.toHaveProperty("was_recovering");
    expect(first["global:online"]).toEqual({});
    const second = await connectRaw();
    expect(second[wallet()]!.epoch).toBe(first[wallet()]!.epoch);
  });

  it("a client cut off by the network gets what was published meanwhile once, in order, when it reconnects", async () => {
    const relay = await startCuttableRelay(Number(new URL(server.baseUrl).port));
    const connection = connectCentrifuge(websocketUrl(relay.baseUrl), { getToken: () => fetchConnectionToken(server, player.accessToken) });
    try {
      await waitFor(() => connection.client.state === "connected", 5_000, "connected");
      await publish(wallet(), { event: "before" });
      await waitFor(() => connection.publications.find((context) => (context.data as { event?: string }).event === "before"), 5_000, "live publication");

      relay.cut();
      await waitFor(() => connection.client.state !== "connected", 5_000, "cut off");
      for (const event of ["missed-1", "missed-2", "missed-3"]) await publish(wallet(), { event });
      await publish(`game:bets#${player.id}`, { event: "missed-bet" });
      await server.app.services.realtime.dispatchNow();
      const countBefore = connection.subscribed.length;
      relay.restore();

      await waitFor(() => connection.client.state === "connected", 10_000, "reconnected");
      await waitFor(() => connection.publications.some((context) => (context.data as { event?: string }).event === "missed-bet"), 5_000, "recovered publications");
      await publish(wallet(), { event: "after" });
      await waitFor(() => connection.publications.some((context) => (context.data as { event?: string }).event === "after"), 5_000, "live after recovery");

      const walletEvents = connection.publications.filter((context) => context.channel === wallet()).map((context) => (context.data as { event: string }).event);
      expect(walletEvents).toEqual(["before", "missed-1", "missed-2", "missed-3", "after"]);
      const offsets = connection.publications.filter((context) => context.channel === wallet()).map((context) => context.offset ?? 0);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      const resubscribed = connection.subscribed.slice(countBefore).find((context) => context.channel === wallet());
      expect(resubscribed).toMatchObject({ wasRecovering: true, recovered: true, recoverable: true });
    } finally {
      connection.client.disconnect();
      await relay.close();
    }
  });

  it("a publication of a transaction that committed late (smaller id, delivered after the client's offset) is recovered too", async () => {
    const connected = await connectRaw();
    const { epoch } = connected[wallet()]!;
    // A row whose id was taken before the client's position but that was delivered after it.
    const [late] = await server.database.db.insert(realtimeOutbox).values({ channel: wallet(), data: { event: "late" } }).returning({ id: realtimeOutbox.id });
    await publish(`game:spins#${player.id}`, { event: "elsewhere" });
    await server.app.services.realtime.dispatchNow();
    const [position] = await server.database.db.select({ id: realtimeOutbox.id }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:spins#${player.id}`)).orderBy(sql`${realtimeOutbox.id} desc`).limit(1);
    await server.database.db.update(realtimeOutbox).set({ deliveredAt: new Date(Date.now() + 1_000) }).where(eq(realtimeOutbox.id, late!.id));
    const subs = await connectRaw({ [wallet()]: { recover: true, epoch, offset: Number(position!.id) } });
    expect(subs[wallet()]).toMatchObject({ was_recovering: true, recovered: true });
    expect(subs[wallet()]!.publications?.map((publication) => publication.data)).toEqual([{ event: "late" }]);
    // Back to an ordinary delivery time for the next tests.
    await server.database.db.update(realtimeOutbox).set({ deliveredAt: new Date(0) }).where(eq(realtimeOutbox.id, late!.id));
  });

  it("answers recovered: false for another epoch, an offset from the future, a malformed position or a backlog over the history size", async () => {
    const { epoch, offset } = (await connectRaw())[wallet()]!;
    const foreignEpoch = await connectRaw({ [wallet()]: { recover: true, epoch: "another", offset } });
    expect(foreignEpoch[wallet()]).toMatchObject({ recoverable: true, was_recovering: true, recovered: false, epoch });
    expect(foreignEpoch[wallet()]).not.toHaveProperty("publications");
    const future = await connectRaw({ [wallet()]: { recover: true, epoch, offset: offset! + 1_000_000 } });
    expect(future[wallet()]).toMatchObject({ recovered: false });
    const malformed = await connectRaw({ [wallet()]: { recover: true, epoch, offset: "1; drop table" } });
    expect(malformed[wallet()]).toMatchObject({ recovered: false });

    await server.database.db.insert(realtimeOutbox).values(Array.from({ length: HISTORY_SIZE + 1 }, (_, index) => ({ channel: wallet(), data: { event: `flood-${index}` } })));
    await server.app.services.realtime.dispatchNow();
    const flooded = await connectRaw({ [wallet()]: { recover: true, epoch, offset } });
    expect(flooded[wallet()]).toMatchObject({ recovered: false });
    expect(flooded[wallet()]!.offset).toBeGreaterThan(offset!);
    // The same backlog minus one fits.
    const [oldestFlood] = await server.database.db.select({ id: realtimeOutbox.id }).from(realtimeOutbox).where(sql`${realtimeOutbox.data}->>'event' = 'flood-0'`);
    const almost = await connectRaw({ [wallet()]: { recover: true, epoch, offset: Number(oldestFlood!.id) } });
    expect(almost[wallet()]).toMatchObject({ recovered: true });
    expect(almost[wallet()]!.publications).toHaveLength(HISTORY_SIZE);
  });

  it("pruning keeps an unbroken id range: a position before the pruned rows is no longer recoverable", async () => {
    await publish(wallet(), { event: "old" });
    await server.app.services.realtime.dispatchNow();
    const { epoch, offset } = (await connectRaw())[wallet()]!;
    await publish(wallet(), { event: "newer" });
    await publish(wallet(), { event: "newest" });
    await server.app.services.realtime.dispatchNow();
    expect((await connectRaw({ [wallet()]: { recover: true, epoch, offset } }))[wallet()]).toMatchObject({ recovered: true });

    // Everything delivered is older than the cut-off: all rows go except the newest.
    await pruneHistory(server.database.db, new Date(Date.now() + 60_000));
    const [{ kept } = { kept: 0 }] = await server.database.db.select({ kept: sql<number>`count(*)::int` }).from(realtimeOutbox);
    expect(kept).toBe(1);
    const afterPrune = await connectRaw({ [wallet()]: { recover: true, epoch, offset } });
    expect(afterPrune[wallet()]).toMatchObject({ recovered: false });
    // A client that had seen the newest row has nothing to miss.
    const upToDate = await connectRaw({ [wallet()]: { recover: true, epoch, offset: afterPrune[wallet()]!.offset } });
    expect(upToDate[wallet()]).toMatchObject({ recovered: true });
  });
});

describe("recovery across a server restart", () => {
  it("a client reconnecting to a restarted server gets the events it missed while the server was down, once each", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false" });
    const start = async (port: number) => {
      const app = await buildApp({ config, database, web: false });
      app.post("/test/sign-in", async (request, reply) => {
        const { playerId } = request.body as { playerId: string };
        return app.services.sessions.signIn({ playerId, method: "password", request, reply });
      });
      await app.listen({ port, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      return { app, port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
    };
    let node = await start(0);
    try {
      const [created] = await database.db.insert(players).values({ email: `recover-${Date.now()}@example.com`, language: "en", currency: "USD" }).returning({ id: players.id });
      const playerId = created!.id;
      const signInResponse = await fetch(`${node.baseUrl}/test/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerId }) });
      const { accessToken } = (await readJson(signInResponse)) as { accessToken: string };
      const baseUrl = node.baseUrl;
      const connection = connectCentrifuge(websocketUrl(baseUrl), { getToken: () => fetchConnectionToken({ request: (path, init) => fetch(`${baseUrl}${path}`, init) }, accessToken) });
      try {
        await waitFor(() => connection.client.state === "connected", 5_000, "connected");
        await node.app.close();
        await waitFor(() => connection.client.state !== "connected", 5_000, "disconnected by the shutdown");
        const channel = `payment:invoices#${playerId}`;
        // One delivered by another node while this one was down, one still waiting for delivery.
        await database.db.insert(realtimeOutbox).values({ channel, data: { event: "delivered elsewhere" }, deliveredAt: new Date() });
        await database.db.insert(realtimeOutbox).values({ channel, data: { event: "pending" } });
        node = await start(node.port);
        await waitFor(() => connection.client.state === "connected", 10_000, "reconnected");
        await waitFor(() => connection.publications.filter((context) => context.channel === channel).length >= 2, 5_000, "missed events");
        await node.app.services.realtime.dispatchNow();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(connection.publications.filter((context) => context.channel === channel).map((context) => context.data)).toEqual([{ event: "delivered elsewhere" }, { event: "pending" }]);
      } finally {
        connection.client.disconnect();
      }
    } finally {
      await node.app.close();
      await database.close();
    }
  });
});
