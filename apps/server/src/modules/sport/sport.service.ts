import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { createEventLists, type EventLists } from "./catalogue/event-lists.ts";
import { upsertSportCatalogue, type SportCatalogueRows } from "./catalogue/sport-catalogue.ts";
import { createSportInfo, type SportInfoService } from "./catalogue/sport-info.ts";
import { createConfiguredFeedAdapter } from "./feed/configured-feed-adapter.ts";
import type { FeedAdapter } from "./feed/feed-adapter.ts";
import { createFeedConsumer, type FeedConsumer } from "./feed/feed-consumer.ts";
import type { HttpFeedAdapter } from "./feed/http-feed-adapter.ts";
import type { SettlementListener } from "./feed/settlement-listener.ts";

/** A feed of a test's own in place of the configured one; settling through the trading core unless a listener is given. */
export type SportFeedWiring = {
  adapter: (dependencies: ServiceDependencies) => FeedAdapter;
  listener?: SettlementListener;
};

export type SportService = {
  /** The spec's sport calls: sport info (cached per sport), event info, search. */
  info: SportInfoService;
  /** The widget's lists: sports with counts, events, one event, the carousels. */
  lists: EventLists;
  /** Stores categories, championships and competitors a feed's fixtures will name; drops the changed sports' cached info. */
  upsertCatalogue(rows: SportCatalogueRows): Promise<void>;
  /** The running feed, when one is configured (`SPORT_FEED`) or given. */
  feed: FeedConsumer | null;
  /** The adapter a separate producer posts to (`SPORT_FEED=http`), for its route. */
  httpFeed: HttpFeedAdapter | null;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The sport module's reads and its feed. The feed is the one `SPORT_FEED` configures (the in-house
 * simulator by default), settling through `listener` (the trading core); tests give their own.
 */
export function createSportService(dependencies: ServiceDependencies & { realtime: RealtimePublisher; listener: SettlementListener; feed?: SportFeedWiring }): SportService {
  const { db, now, logger, config, secrets } = dependencies;
  const info = createSportInfo({ db, clock: now });
  async function upsertCatalogue(rows: SportCatalogueRows): Promise<void> {
    for (const sportId of await upsertSportCatalogue(db, rows)) info.dropSportInfo(sportId);
  }
  const configured = dependencies.feed
    ? { adapter: dependencies.feed.adapter(dependencies), http: null, listener: dependencies.feed.listener ?? dependencies.listener }
    : { ...createConfiguredFeedAdapter({ config, secrets, now, logger, storeCatalogue: upsertCatalogue }), listener: dependencies.listener };
  const feed = configured.adapter
    ? createFeedConsumer({
        db,
        adapter: configured.adapter,
        listener: configured.listener,
        publish: dependencies.realtime,
        clock: now,
        producerTimeoutMs: config.sportFeed.producerTimeoutMs,
        logger,
        onFixtureApplied: (sportId) => info.dropSportInfo(sportId),
      })
    : null;
  return {
    info,
    lists: createEventLists({ db }),
    upsertCatalogue,
    feed,
    httpFeed: configured.http,
    start() {
      feed?.start();
    },
    async stop() {
      await feed?.stop();
    },
  };
}
