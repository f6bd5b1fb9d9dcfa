import { and, eq } from "drizzle-orm";
import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";
import { describe, expect, it } from "vitest";
import { cashOf } from "../../game/play/game-play-test-kit.ts";
import { createFeedApplier } from "../feed/apply-message.ts";
import { createProducerMonitor } from "../feed/producers.ts";
import { sportBets, sportMarkets } from "../sport.schema.ts";
import { bettingTestServer, expectLedgerClean, insertEvent, LIVE_DELAY_MS, placedBet, producersUp, selection, slip } from "./betting-test-kit.ts";

// The live delay's decision (ADR 035, SB3): a bet_stop or a producer outage at any moment of a live
// bet's delay rejects it, even when the market is open again, at the same price, by the decision.

const kit = bettingTestServer();

/** The feed's applier on the test server's clock, as the consumer runs it. */
function feedApplier() {
  const { server } = kit;
  return createFeedApplier({ db: server.database.db, listener: server.app.services.sportBetting.settlement, publisher: server.app.services.realtime, clock: kit.clock.now });
}

function betStop(eventId: number, sequence: number): FeedEventMessage {
  return { type: "bet_stop", producer: "live", timestamp: kit.clock.now().getTime(), eventId, sequence };
}

/** The match-result market offered again at the prices the bets were placed on. */
function reopened(eventId: number, sequence: number): FeedEventMessage {
  return {
    type: "odds_change",
    producer: "live",
    timestamp: kit.clock.now().getTime(),
    eventId,
    sequence,
    eventStatus: "live",
    markets: [
      {
        marketTypeId: 1,
        specifiers: "",
        status: "active",
        outcomes: [
          { id: "1", odds: "2.00", active: true },
          { id: "X", odds: "3.40", active: true },
          { id: "2", odds: "3.80", active: true },
        ],
      },
    ],
  };
}

async function statusOf(betId: string): Promise<{ status: string; rejectReason: string | null }> {
  const [row] = await kit.server.database.db.select({ status: sportBets.status, rejectReason: sportBets.rejectReason }).from(sportBets).where(eq(sportBets.id, betId));
  return row!;
}

describe("a live bet's delay", () => {
  it("is rejected for a bet_stop lifted again before the delay ends, while a bet placed after the lift is accepted", async () => {
    const { server } = kit;
    const applier = feedApplier();
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { live: true });
    const before = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    kit.clock.advance(1000);
    expect(await applier.applyEventMessage(betStop(eventId, 1))).toBe("applied");
    kit.clock.advance(1000);
    expect(await applier.applyEventMessage(reopened(eventId, 2))).toBe("applied");
    kit.clock.advance(1000);
    const [{ version }] = (await server.database.db
      .select({ version: sportMarkets.version })
      .from(sportMarkets)
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, "1|")))) as [{ version: number }];
    const after = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00", version)]));
    expect(await cashOf(server, bettor)).toBe("80.00");

    kit.clock.advance(LIVE_DELAY_MS);
    expect(await server.app.services.sportBetting.decidePendingBets(kit.clock.now())).toBeGreaterThanOrEqual(2);
    expect(await statusOf(before.id)).toEqual({ status: "rejected", rejectReason: "marketSuspended" });
    expect(await statusOf(after.id)).toEqual({ status: "accepted", rejectReason: null });
    expect(await cashOf(server, bettor)).toBe("90.00");
    await expectLedgerClean(server);
  });

  it("is rejected when the market was suspended by a state other than active and priced again within the delay", async () => {
    const { server } = kit;
    const applier = feedApplier();
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { live: true });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const suspended = reopened(eventId, 1);
    if (suspended.type === "odds_change") suspended.markets = suspended.markets.map((market) => ({ ...market, status: "suspended" }));
    kit.clock.advance(1000);
    await applier.applyEventMessage(suspended);
    await applier.applyEventMessage(reopened(eventId, 2));
    kit.clock.advance(LIVE_DELAY_MS);
    await server.app.services.sportBetting.decidePendingBets(kit.clock.now());
    expect(await statusOf(bet.id)).toEqual({ status: "rejected", rejectReason: "marketSuspended" });
    expect(await cashOf(server, bettor)).toBe("100.00");
    await expectLedgerClean(server);
  });

  it("is rejected when the event's producer went down and recovered within the delay", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { live: true });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    kit.clock.advance(1000);
    const monitor = createProducerMonitor({
      db: server.database.db,
      adapter: { requestSnapshot: async () => {} },
      publisher: server.app.services.realtime,
      clock: kit.clock.now,
      timeoutMs: 20_000,
      logger: server.app.log,
    });
    // Its heartbeat says it lost our subscription: down, then (as if a snapshot completed) up again.
    await monitor.handleAlive({ type: "alive", producer: "live", timestamp: kit.clock.now().getTime(), subscribed: false });
    await producersUp(server);
    kit.clock.advance(LIVE_DELAY_MS);
    await server.app.services.sportBetting.decidePendingBets(kit.clock.now());
    expect(await statusOf(bet.id)).toEqual({ status: "rejected", rejectReason: "marketSuspended" });
    expect(await cashOf(server, bettor)).toBe("100.00");
    await expectLedgerClean(server);
  });
});
