import type { SportCatalogueRows } from "@playfair/contracts/sport/feed-catalogue";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../../config.ts";
import type { SecretStore } from "../../../lib/service-dependencies.ts";
import { createSimulatorAdapter } from "../simulator/simulator-adapter.ts";
import type { FeedAdapter } from "./feed-adapter.ts";
import { createHttpFeedAdapter, type HttpFeedAdapter } from "./http-feed-adapter.ts";

export const GENERATED_FEED_SECRET = "sport-feed-producer";

/**
 * The feed adapter `SPORT_FEED` names: the in-house simulator in this process (default), the
 * HTTP adapter a separate producer posts to, or none (`off`, the default in tests). `http` is set
 * only in the second case: the route `POST /api/sport/feed/messages` hands it the producer's batches.
 */
export function createConfiguredFeedAdapter(dependencies: {
  config: AppConfig;
  secrets: SecretStore;
  now: () => Date;
  logger: FastifyBaseLogger;
  storeCatalogue: (rows: SportCatalogueRows) => Promise<void>;
}): { adapter: FeedAdapter | null; http: HttpFeedAdapter | null } {
  const { config, secrets, now, logger, storeCatalogue } = dependencies;
  const feed = config.sportFeed;
  if (feed.source === "off") return { adapter: null, http: null };
  if (feed.source === "http" && feed.producerUrl) {
    const http = createHttpFeedAdapter({
      producerUrl: feed.producerUrl,
      secrets: async () => (feed.secrets.length > 0 ? feed.secrets : [await secrets.get(GENERATED_FEED_SECRET)]),
      now,
      storeCatalogue,
      logger,
    });
    return { adapter: http, http };
  }
  const adapter = createSimulatorAdapter({
    seed: feed.simulatorSeed,
    clock: () => now().getTime(),
    storeCatalogue,
    onError: (error) => logger.warn({ err: error }, "sport feed message not applied; its producer recovers from a snapshot"),
  });
  return { adapter, http: null };
}
