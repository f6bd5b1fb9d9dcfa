import { SPORT_LIVE_CHANNEL, sportEventChannel } from "@playfair/contracts/sport/sportsbook-api";
import type { SubscribedContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../test/test-server.ts";
import { createPlayer, startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { connectCentrifuge, openRawSocket, waitFor, websocketUrl } from "./realtime-test-kit.ts";

type ConnectReply = { connect: { client: string; expires?: boolean; subs?: Record<string, object>; ping: number; pong: boolean } };

/** A subscribe refused for good ends the subscription with the server's error code. */
function refusedCode(client: ReturnType<typeof connectCentrifuge>["client"], channel: string): Promise<number> {
  const subscription = client.newSubscription(channel);
  const code = new Promise<number>((resolve) => subscription.on("unsubscribed", (context) => resolve(context.code)));
  subscription.subscribe();
  return code;
}

describe("guests on the realtime websocket (anonymous connections, public sport channels)", () => {
  let server: TestServer;
  let url: string;
  let player: { id: string };

  beforeAll(async () => {
    server = await startAccountsServer();
    url = websocketUrl(server.baseUrl);
    player = await createPlayer(server);
  });
  afterAll(async () => server?.close());

  it("connects a guest without a token and delivers an event's price changes on sport:event-<id>, and only those", async () => {
    const guest = connectCentrifuge(url, {});
    try {
      await waitFor(() => guest.client.state === "connected", 5_000, "the guest connected");
      // A guest has no server-side subscriptions: no player channels, no online figure.
      expect(guest.subscribed).toEqual([]);
      const subscription = guest.client.newSubscription(sportEventChannel(4201));
      const subscribed = new Promise<SubscribedContext>((resolve) => subscription.on("subscribed", resolve));
      const prices: unknown[] = [];
      subscription.on("publication", (context) => prices.push(context.data));
      subscription.subscribe();
      await subscribed;
      const realtime = server.app.services.realtime;
      await server.database.db.transaction(async (tx) => {
        await realtime.publish(tx, sportEventChannel(4202), { eventId: 4202, status: "other event" });
        await realtime.publish(tx, sportEventChannel(4201), { eventId: 4201, markets: [{ id: 1, outcomes: [{ id: 1, odds: "1.85" }] }] });
      });
      await waitFor(() => prices.length > 0, 5_000, "the guest's price change");
      expect(prices[0]).toEqual({ eventId: 4201, markets: [{ id: 1, outcomes: [{ id: 1, odds: "1.85" }] }] });
      await realtime.dispatchNow();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(prices).toHaveLength(1);
    } finally {
      guest.client.disconnect();
    }
  });

  it("refuses a guest global:online and player channels (103), unknown namespaces (102) and publishing (108)", async () => {
    const guest = connectCentrifuge(url, {});
    try {
      await waitFor(() => guest.client.state === "connected", 5_000, "the guest connected");
      expect(await refusedCode(guest.client, "global:online")).toBe(103);
      expect(await refusedCode(guest.client, `wallet:accounts#${player.id}`)).toBe(103);
      expect(await refusedCode(guest.client, "wallet:accounts#")).toBe(103);
      expect(await refusedCode(guest.client, "sport:live#1")).toBe(103);
      expect(await refusedCode(guest.client, "casino:tables")).toBe(102);
      await expect(guest.client.publish(SPORT_LIVE_CHANNEL, { forged: true })).rejects.toMatchObject({ code: 108 });
      await expect(guest.client.rpc("anything", {})).rejects.toMatchObject({ code: 104 });
      // Refusals end nothing else: the guest stays connected.
      expect(guest.client.state).toBe("connected");
    } finally {
      guest.client.disconnect();
    }
  });

  it("answers a guest's connect without expiry or subscriptions, and a player's token still brings its server-side channels", async () => {
    const guest = await openRawSocket(url);
    guest.send(JSON.stringify({ id: 1, connect: {} }));
    const guestReply = (await guest.reply(1)) as ConnectReply;
    expect(guestReply.connect.client).toEqual(expect.any(String));
    expect(guestReply.connect.expires).toBeUndefined();
    expect(guestReply.connect.subs).toBeUndefined();
    guest.send(JSON.stringify({ id: 2, subscribe: { channel: SPORT_LIVE_CHANNEL } }));
    expect(await guest.reply(2)).toEqual({ id: 2, subscribe: {} });
    // A token offered later does not turn a guest into a player: that takes a new connection.
    const { token } = await server.app.services.realtime.connectionToken(player.id);
    guest.send(JSON.stringify({ id: 3, refresh: { token } }));
    expect((await guest.closed()).code).toBe(3500);

    const signedIn = await openRawSocket(url);
    try {
      signedIn.send(JSON.stringify({ id: 1, connect: { token } }));
      const reply = (await signedIn.reply(1)) as ConnectReply;
      expect(reply.connect.expires).toBe(true);
      expect(Object.keys(reply.connect.subs ?? {})).toHaveLength(12);
      expect(Object.keys(reply.connect.subs ?? {})).toEqual(expect.arrayContaining([`wallet:accounts#${player.id}`, "global:online"]));
      // Guests are left out of the online figure: the player alone is online.
      const online = await waitFor(() => signedIn.messages.find((message) => (message.push as { channel?: string } | undefined)?.channel === "global:online"), 3_000, "online figure");
      expect((online.push as { pub: { data: unknown } }).pub.data).toEqual({ online: 1 });
      signedIn.send(JSON.stringify({ id: 2, subscribe: { channel: sportEventChannel(4201) } }));
      expect(await signedIn.reply(2)).toEqual({ id: 2, subscribe: {} });
    } finally {
      signedIn.socket.close();
    }
  });
});

describe("guests' connection limits", () => {
  it("holds at most REALTIME_ANONYMOUS_CONNECTIONS guests (3504 beyond, players unaffected); guests count against MAX_CONNECTIONS_PER_IP", async () => {
    const server = await startAccountsServer({ env: { REALTIME_ANONYMOUS_CONNECTIONS: "1", MAX_CONNECTIONS_PER_IP: "3" } });
    const url = websocketUrl(server.baseUrl);
    const hub = server.app.services.realtime.hub;
    const open: Awaited<ReturnType<typeof openRawSocket>>[] = [];
    try {
      const first = await openRawSocket(url);
      open.push(first);
      first.send(JSON.stringify({ id: 1, connect: {} }));
      await first.reply(1);
      const second = await openRawSocket(url);
      second.send(JSON.stringify({ id: 1, connect: {} }));
      expect(await second.closed()).toEqual({ code: 3504, reason: "connection limit" });
      await waitFor(() => hub.connectionCount() === 1, 3_000, "the refused guest released");

      const playerRow = await createPlayer(server);
      const { token } = await server.app.services.realtime.connectionToken(playerRow.id);
      const signedIn = await openRawSocket(url);
      open.push(signedIn);
      signedIn.send(JSON.stringify({ id: 1, connect: { token } }));
      expect(await signedIn.reply(1)).toMatchObject({ connect: { expires: true } });

      const waiting = await waitForOpen(url);
      open.push(waiting);
      // A fourth connection from this address is cut before the upgrade.
      await expect(openRawSocket(url)).rejects.toThrow();

      first.socket.close();
      await waitFor(() => hub.connectionCount() === 2, 3_000, "the first guest released");
      waiting.send(JSON.stringify({ id: 1, connect: {} }));
      expect(await waiting.reply(1)).toMatchObject({ connect: { client: expect.any(String) } });
    } finally {
      for (const socket of open) socket.socket.close();
      await server.close();
    }
  });

  it("refuses a connect without a token (3500) when guests are switched off", async () => {
    const server = await startAccountsServer({ env: { REALTIME_ANONYMOUS_CONNECTIONS: "0" } });
    try {
      const guest = await openRawSocket(websocketUrl(server.baseUrl));
      guest.send(JSON.stringify({ id: 1, connect: {} }));
      expect((await guest.closed()).code).toBe(3500);
    } finally {
      await server.close();
    }
  });
});

/** Opens a socket once the server has released the address's earlier, closed connections. */
async function waitForOpen(url: string): Promise<Awaited<ReturnType<typeof openRawSocket>>> {
  const started = Date.now();
  for (;;) {
    try {
      return await openRawSocket(url);
    } catch (error) {
      if (Date.now() - started > 3_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
