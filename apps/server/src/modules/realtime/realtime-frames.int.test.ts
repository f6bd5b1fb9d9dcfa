import { sportEventChannel } from "@playfair/contracts/sport/sportsbook-api";
import { Centrifuge, type PublicationContext, type SubscribedContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../test/test-server.ts";
import { startAccountsServer } from "../messaging/accounts-test-kit.ts";
import { openRawSocket, waitFor, websocketUrl } from "./realtime-test-kit.ts";

/** The runtime's WebSocket, keeping every text frame it receives (what the centrifuge client reads). */
function frameRecordingWebSocket(frames: string[]) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener("message", (event) => frames.push(String(event.data)));
    }
  };
}

describe("the hub's frames (several replies and pushes in one websocket frame)", () => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startAccountsServer();
    url = websocketUrl(server.baseUrl);
  });
  afterAll(async () => server?.close());

  it("sends the publications of one turn of the event loop to a client as one frame the centrifuge client reads in order", async () => {
    const frames: string[] = [];
    const client = new Centrifuge(url, { websocket: frameRecordingWebSocket(frames), minReconnectDelay: 50, maxReconnectDelay: 300 });
    const received: { channel: string; data: unknown; offset: number | undefined }[] = [];
    const subscriptions = [sportEventChannel(5101), sportEventChannel(5102)].map((channel) => {
      const subscription = client.newSubscription(channel);
      subscription.on("publication", (context: PublicationContext) => received.push({ channel, data: context.data, offset: context.offset }));
      return { subscription, subscribed: new Promise<SubscribedContext>((resolve) => subscription.on("subscribed", resolve)) };
    });
    try {
      client.connect();
      for (const { subscription } of subscriptions) subscription.subscribe();
      await Promise.all(subscriptions.map(({ subscribed }) => subscribed));
      const framesBefore = frames.length;

      const hub = server.app.services.realtime.hub;
      const sent = [
        [5101, 1],
        [5102, 1],
        [5101, 2],
        [5101, 3],
        [5102, 2],
      ] as const;
      for (const [eventId, price] of sent) hub.deliver(sportEventChannel(eventId), { data: { eventId, price }, eventId: String(eventId * 10 + price) });
      await waitFor(() => received.length === sent.length, 5_000, "the five publications");

      const pushFrames = frames.slice(framesBefore);
      expect(pushFrames).toHaveLength(1);
      expect(pushFrames[0]!.split("\n")).toHaveLength(sent.length);
      expect(received).toEqual(sent.map(([eventId, price]) => ({ channel: sportEventChannel(eventId), data: { eventId, price }, offset: eventId * 10 + price })));
      expect(client.state).toBe("connected");
    } finally {
      client.disconnect();
    }
  });

  it("splits a long run of publications into frames of at most 64 KiB, keeping their order", async () => {
    const guest = await openRawSocket(url);
    const frameSizes: number[] = [];
    guest.socket.on("message", (raw: Buffer) => frameSizes.push(raw.length));
    try {
      const channel = sportEventChannel(5201);
      guest.send([JSON.stringify({ id: 1, connect: {} }), JSON.stringify({ id: 2, subscribe: { channel } })].join("\n"));
      await guest.reply(2);
      const framesBefore = frameSizes.length;
      const padding = "x".repeat(4_000);
      for (let index = 1; index <= 40; index++) server.app.services.realtime.hub.deliver(channel, { data: { index, padding } });
      const pushes = () => guest.messages.filter((message) => message.push !== undefined);
      await waitFor(() => pushes().length === 40, 5_000, "forty publications");

      const sizes = frameSizes.slice(framesBefore);
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      expect(sizes.length).toBeLessThan(40);
      for (const size of sizes) expect(size).toBeLessThanOrEqual(65_536);
      expect(pushes().map((message) => (message as { push: { pub: { data: { index: number } } } }).push.pub.data.index)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    } finally {
      guest.socket.close();
    }
  });
});
