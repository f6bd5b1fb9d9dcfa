import { Redis } from "ioredis";
import type { FastifyBaseLogger } from "fastify";
import type { OutboxEvent } from "./centrifugo-client.ts";

// Our own prefix: Centrifugo's Redis engine encodes its data under its own keys, never share them.
const REDIS_PREFIX = "playfair:";
const PUBLICATIONS_CHANNEL = `${REDIS_PREFIX}realtime:publications`;
const ONLINE_CHANNEL = `${REDIS_PREFIX}realtime:online`;

export type NodeOnline = { nodeId: string; players: number };

/**
 * Pub/sub between the nodes: the node whose dispatcher claimed outbox rows publishes them once;
 * every node (itself included) delivers them to its own websocket connections.
 */
export type RedisFanout = {
  publish(events: OutboxEvent[]): Promise<void>;
  publishOnline(online: NodeOnline): Promise<void>;
  start(handlers: { onEvents(events: OutboxEvent[]): void; onOnline(online: NodeOnline): void }): Promise<void>;
  stop(): Promise<void>;
};

export function createRedisFanout(url: string, logger: FastifyBaseLogger): RedisFanout {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const client of [publisher, subscriber]) client.on("error", (error: Error) => logger.warn({ err: error }, "redis connection problem"));
  return {
    async publish(events) {
      await publisher.publish(PUBLICATIONS_CHANNEL, JSON.stringify(events));
    },
    async publishOnline(online) {
      await publisher.publish(ONLINE_CHANNEL, JSON.stringify(online));
    },
    async start(handlers) {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on("message", (channel: string, message: string) => {
        try {
          if (channel === PUBLICATIONS_CHANNEL) handlers.onEvents(JSON.parse(message) as OutboxEvent[]);
          else if (channel === ONLINE_CHANNEL) handlers.onOnline(JSON.parse(message) as NodeOnline);
        } catch (error) {
          logger.error({ err: error, channel }, "unreadable realtime message from redis");
        }
      });
      await subscriber.subscribe(PUBLICATIONS_CHANNEL, ONLINE_CHANNEL);
    },
    async stop() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
