import { Centrifuge, type Subscription } from "centrifuge";

/**
 * The widget's own realtime client (ADR 035): a third-party script cannot borrow the site's
 * connection, so it opens one to /api/connection/websocket on first use and reads the public
 * `sport` channels. Each channel is subscribed once however many screens listen to it.
 */
export type ChannelListener = {
  onData: (data: unknown) => void;
  /** The channel is subscribed (again, after a reconnect): publications from now on arrive, earlier ones may have been missed. */
  onSubscribed?: () => void;
};

export type Realtime = {
  listen(channel: string, listener: ChannelListener): () => void;
  close(): void;
};

const REALTIME_PATH = "/api/connection/websocket";
/** Spec 9: reconnect 500..20000 ms, request timeout 5000 ms, server ping tolerance 10000 ms. */
const TIMINGS = { minReconnectDelay: 500, maxReconnectDelay: 20_000, timeout: 5_000, maxServerPingDelay: 10_000 } as const;

export function realtimeEndpoint(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`;
}

export function createRealtime(endpoint: () => string): Realtime {
  let client: Centrifuge | null = null;
  const channels = new Map<string, { subscription: Subscription; listeners: Set<ChannelListener> }>();

  function connected(): Centrifuge {
    if (!client) {
      client = new Centrifuge(endpoint(), TIMINGS);
      client.connect();
    }
    return client;
  }

  return {
    listen(channel, listener) {
      let entry = channels.get(channel);
      if (!entry) {
        const centrifuge = connected();
        const subscription = centrifuge.getSubscription(channel) ?? centrifuge.newSubscription(channel);
        const listeners = new Set<ChannelListener>();
        subscription.on("publication", (context) => {
          for (const each of [...listeners]) each.onData(context.data);
        });
        subscription.on("subscribed", () => {
          for (const each of [...listeners]) each.onSubscribed?.();
        });
        subscription.subscribe();
        entry = { subscription, listeners };
        channels.set(channel, entry);
      }
      const { listeners, subscription } = entry;
      listeners.add(listener);
      if (subscription.state === "subscribed") listener.onSubscribed?.();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        channels.delete(channel);
        subscription.unsubscribe();
        client?.removeSubscription(subscription);
      };
    },
    close() {
      channels.clear();
      client?.disconnect();
      client = null;
    },
  };
}
