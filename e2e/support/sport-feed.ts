// The sportsbook's feed in the browser tests (ADR 035): the e2e server takes its odds over HTTP
// (SPORT_FEED=http) from the in-house producer running as its own process, so the other specs see
// the seeded simulator's calendar, while a spec that needs to know its events, prices and the
// moment a price moves posts its own signed batches to the same feed entry.
import type { FeedBatch } from "@playfair/contracts/sport/feed-catalogue";
import type { FeedMarket, FeedMessage, Fixture, LiveState, SportProducer } from "@playfair/contracts/sport/feed-messages";
import { expect, type APIRequestContext } from "@playwright/test";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../apps/server/src/lib/webhook-signature.ts";

/** The secret the e2e server and its producer share (a test value, not a credential). */
export const E2E_SPORT_FEED_SECRET = "playfair-e2e-sport-feed";

/** Where the producer takes the server's snapshot requests: beside the site's port unless set. */
export function e2eSportProducerPort(sitePort: number): number {
  return Number(process.env.PLAYWRIGHT_SPORT_PRODUCER_PORT ?? sitePort + 1002);
}

/** Posts one signed batch to `POST /api/sport/feed/messages`, as a producer would; answers once the server applied it. */
export async function postFeedBatch(request: APIRequestContext, batch: FeedBatch): Promise<void> {
  const body = JSON.stringify(batch);
  const response = await request.post("/api/sport/feed/messages", {
    headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, [E2E_SPORT_FEED_SECRET], new Date()) },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * One scripted event: it numbers its own messages (the applier takes each sequence once, in
 * order), and belongs to the live producer once it is live.
 */
export function scriptedEvent(eventId: number, fixture: Fixture) {
  let sequence = 0;
  const producer = (): SportProducer => (fixture.status === "live" ? "live" : "prematch");
  const base = () => ({ producer: producer(), timestamp: Date.now(), eventId, sequence: ++sequence });
  return {
    eventId,
    fixture,
    created(): FeedMessage {
      return { type: "fixture_change", changeType: "new", fixture, ...base() };
    },
    prices(markets: FeedMarket[], liveState?: LiveState): FeedMessage {
      return { type: "odds_change", markets, ...(fixture.status === "live" ? { eventStatus: "live" as const } : {}), ...(liveState ? { liveState } : {}), ...base() };
    },
  };
}

/** The match result market (type 1), open for bets. */
export function matchResult(home: string, draw: string, away: string): FeedMarket {
  return {
    marketTypeId: 1,
    specifiers: "",
    status: "active",
    outcomes: [
      { id: "1", odds: home, active: true },
      { id: "X", odds: draw, active: true },
      { id: "2", odds: away, active: true },
    ],
  };
}
