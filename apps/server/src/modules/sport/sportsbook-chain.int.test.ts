import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { cashOf, expectLedgerClean, fund, newPlayer } from "../game/play/game-play-test-kit.ts";
import { betById, placedBet, selection, slip, sportsbookToken, testClock } from "./betting/betting-test-kit.ts";
import { bringUp, createScriptedFeed, fixtureChange, matchResult, oddsChange, TEST_CATALOGUE } from "./feed/feed-test-kit.ts";

// The sportsbook as one chain (ADR 035): the feed's messages go through the applier into the
// markets a player bets on, and its settlements reach the trading core in the same transaction.
// The other sport tests drive each side alone.

const EVENT_ID = 880_001;
let server: TestServer;
let feed: ReturnType<typeof createScriptedFeed>;
const clock = testClock();

beforeAll(async () => {
  feed = createScriptedFeed();
  server = await startTestServer({ env: { RATE_LIMIT_ENABLED: "false", CAPTCHA_PROVIDER: "off" }, now: clock.now, sportFeed: { adapter: () => feed.adapter } });
  await feed.started;
  await server.app.services.sport.upsertCatalogue(TEST_CATALOGUE);
  const startsAt = clock.now().getTime() + 24 * 3600_000;
  await bringUp(feed, "prematch", [fixtureChange(EVENT_ID, 1, { startsAt }, { snapshot: true }), oddsChange(EVENT_ID, 2, [matchResult("2.00", "3.40", "3.80")], { snapshot: true })]);
});

afterAll(async () => {
  await server?.close();
});

let sequence = 2;
const message = (body: Record<string, unknown>): FeedMessage => ({ producer: "prematch", timestamp: clock.now().getTime(), eventId: EVENT_ID, sequence: ++sequence, ...body }) as FeedMessage;
const matchResultRef = { marketTypeId: 1, specifiers: "" };

describe("a bet on the feed's prices, settled by the feed", () => {
  it("pays a win, takes it back on the feed's rollback, and settles again on the corrected result; the ledger stays exact", async () => {
    const player = await newPlayer(server);
    await fund(server, player.playerId, "100.00");
    const token = await sportsbookToken(server, player);

    const eventAnswer = await server.request(`/api/sportsbook/events/${EVENT_ID}`);
    expect(eventAnswer.status).toBe(200);
    const event = (await readJson(eventAnswer)) as { suspended: boolean; markets: { marketKey: string; version: number; outcomes: { id: string; odds: string }[] }[] };
    expect(event.suspended).toBe(false);
    const market = event.markets.find((candidate) => candidate.marketKey === "1|")!;
    expect(market.outcomes.find((outcome) => outcome.id === "1")!.odds).toBe("2.00");

    const bet = await placedBet(server, { token }, slip([selection(EVENT_ID, "1", "2.00", market.version)]));
    expect(bet.status).toBe("accepted");
    expect(await cashOf(server, player)).toBe("90.00");

    await feed.send(message({ type: "bet_settlement", markets: [{ ...matchResultRef, outcomes: [{ id: "1", result: "win" }, { id: "X", result: "lose" }, { id: "2", result: "lose" }] }] }));
    expect(await betById(server, player, bet.id)).toMatchObject({ status: "settled", payout: "20.00" });
    expect(await cashOf(server, player)).toBe("110.00");

    await feed.send(message({ type: "rollback_bet_settlement", markets: [matchResultRef] }));
    expect(await betById(server, player, bet.id)).toMatchObject({ status: "accepted", isSettled: false });
    expect(await cashOf(server, player)).toBe("90.00");

    const corrected = message({ type: "bet_settlement", markets: [{ ...matchResultRef, outcomes: [{ id: "1", result: "lose" }, { id: "X", result: "lose" }, { id: "2", result: "win" }] }] });
    await feed.send(corrected);
    const lost = await betById(server, player, bet.id);
    expect(lost.status).toBe("settled");
    expect(Number(lost.payout)).toBe(0);
    expect(await cashOf(server, player)).toBe("90.00");

    // The same settlement delivered again (a feed's retry) changes nothing.
    await feed.send(corrected);
    expect(await betById(server, player, bet.id)).toMatchObject({ status: "settled", payout: lost.payout });
    expect(await cashOf(server, player)).toBe("90.00");

    // The widget reads the bet back with the sportsbook token: alone, and in its settled history.
    const widget = { headers: { authorization: `Bearer ${token}` } };
    const one = await server.request(`/api/sportsbook/bets/${bet.id}`, widget);
    expect(one.status).toBe(200);
    expect((await readJson(one)).data).toMatchObject({ id: bet.id, status: "settled" });
    const history = await readJson(await server.request("/api/sportsbook/bets/history?isSettled=true", widget));
    expect((history.data as { id: string }[]).map((row) => row.id)).toEqual([bet.id]);
    const stranger = await newPlayer(server);
    const strangerToken = await sportsbookToken(server, stranger);
    expect((await server.request(`/api/sportsbook/bets/${bet.id}`, { headers: { authorization: `Bearer ${strangerToken}` } })).status).toBe(404);
    await expectLedgerClean(server);
  });
});
