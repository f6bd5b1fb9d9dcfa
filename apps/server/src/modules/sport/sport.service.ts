import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { createEventLists, type EventLists } from "./catalogue/event-lists.ts";
import { upsertSportCatalogue, type SportCatalogueRows } from "./catalogue/sport-catalogue.ts";
import { createSportInfo, type SportInfoService } from "./catalogue/sport-info.ts";
import type { FeedAdapter } from "./feed/feed-adapter.ts";
import { createFeedConsumer, type FeedConsumer } from "./feed/feed-consumer.ts";
import type { SettlementListener } from "./feed/settlement-listener.ts";

/** The feed a sportsbook consumes and the trading core it settles through (services.ts wires both). */
export type SportFeedWiring = {
  adapter: (dependencies: ServiceDependencies) => FeedAdapter;
  listener: SettlementListener;
};

export type SportService = {
  /** The spec's sport calls: sport info (cached per sport), event info, search. */
  info: SportInfoService;
  /** The widget's lists: sports with counts, events, one event, the carousels. */
  lists: EventLists;
  /** Stores categories, championships and competitors a feed's fixtures will name; drops the changed sports' cached info. */
  upsertCatalogue(rows: SportCatalogueRows): Promise<void>;
  /** The running feed, when one is wired. */
  feed: FeedConsumer | null;
  start(): void;
  stop(): Promise<void>;
};

export function createSportService(dependencies: ServiceDependencies & { realtime: RealtimePublisher; feed?: SportFeedWiring }): SportService {
  const { db, now, logger, config } = dependencies;
  const info = createSportInfo({ db, clock: now });
  const feed = dependencies.feed
    ? createFeedConsumer({
        db,
        adapter: dependencies.feed.adapter(dependencies),
        listener: dependencies.feed.listener,
        publish: dependencies.realtime,
        clock: now,
        producerTimeoutMs: config.sport.producerTimeoutMs,
        logger,
        onFixtureApplied: (sportId) => info.dropSportInfo(sportId),
      })
    : null;
  return {
    info,
    lists: createEventLists({ db }),
    async upsertCatalogue(rows) {
      for (const sportId of await upsertSportCatalogue(db, rows)) info.dropSportInfo(sportId);
    },
    feed,
    start() {
      feed?.start();
    },
    async stop() {
      await feed?.stop();
    },
  };
}
