// Shared by the sportsbook bets' integration tests; not used by the app. The calendar, markets and
// producers are rows written straight into the feed's tables, as the feed applier would leave them.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { SportOutcomeResult } from "@playfair/contracts/sport/feed-messages";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { bearer, expectLedgerClean, fund, json, newPlayer, startPlayServer } from "../../game/play/game-play-test-kit.ts";
import { sportCategories, sportChampionships, sportEvents, sportMarkets, sportProducers, type StoredOutcome } from "../sport.schema.ts";
import type { SettledMarket, SettlementListener } from "../feed/settlement-listener.ts";

export const LIVE_DELAY_MS = 5000;

/** A test clock that starts at the real time (so tokens stay valid) and only moves forward. */
export function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

export type BettingTestServer = {
  clock: ReturnType<typeof testClock>;
  readonly server: TestServer;
  /** A player with `amount` EUR of cash and a sportsbook token. */
  bettor(amount?: string): Promise<Bettor>;
};

export type Bettor = RegisteredPlayer & { token: string };

/** One server for the calling file, on a movable clock, with a 5 s live delay. */
export function bettingTestServer(): BettingTestServer {
  const clock = testClock();
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startPlayServer({ now: clock.now, env: { SPORT_LIVE_DELAY_MS: String(LIVE_DELAY_MS) } });
    await producersUp(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  const handle: BettingTestServer = {
    clock,
    get server() {
      if (!started) throw new Error("the betting test server is read before beforeAll started it");
      return started;
    },
    async bettor(amount = "100.00") {
      const player = await newPlayer(handle.server);
      if (amount !== "0") await fund(handle.server, player.playerId, amount);
      return { ...player, token: await sportsbookToken(handle.server, player) };
    },
  };
  return handle;
}

export async function sportsbookToken(server: TestServer, player: { accessToken: string } | null): Promise<string> {
  const response = await server.request("/api/game/games/playfair-sportsbook/play", bearer(player, json("POST", {})));
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.token as string;
}

export async function producersUp(server: TestServer, status: "up" | "down" = "up"): Promise<void> {
  for (const id of ["prematch", "live"]) {
    await server.database.db.insert(sportProducers).values({ id, status }).onConflictDoUpdate({ target: sportProducers.id, set: { status } });
  }
}

let nextId = 700_000 + Math.floor(Math.random() * 100_000) * 10;

export type TestMarket = { marketKey: string; outcomes: StoredOutcome[]; status?: string };

/** A match-result market (type 1) with three prices. */
export function matchResult(home = "2.00", draw = "3.40", away = "3.80"): TestMarket {
  return {
    marketKey: "1|",
    outcomes: [
      { id: "1", odds: home, active: true },
      { id: "X", odds: draw, active: true },
      { id: "2", odds: away, active: true },
    ],
  };
}

/** An event with its markets: pre-match an hour from now (the clock's now), or live. */
export async function insertEvent(server: TestServer, clock: { now: () => Date }, options: { live?: boolean; markets?: TestMarket[] } = {}): Promise<number> {
  const db = server.database.db;
  const id = nextId++;
  await db.insert(sportCategories).values({ id, sportId: 66, name: `Category ${id}` });
  await db.insert(sportChampionships).values({ id, categoryId: id, name: `League ${id}` });
  await db.insert(sportEvents).values({
    id,
    sportId: 66,
    categoryId: id,
    championshipId: id,
    name: `Home ${id} - Away ${id}`,
    startsAt: new Date(clock.now().getTime() + (options.live ? -20 * 60_000 : 60 * 60_000)),
    status: options.live ? "live" : "not_started",
    producer: options.live ? "live" : "prematch",
    liveCoverage: true,
  });
  for (const market of options.markets ?? [matchResult()]) {
    await db.insert(sportMarkets).values({
      eventId: id,
      marketKey: market.marketKey,
      marketTypeId: Number(market.marketKey.split("|")[0]),
      specifiers: market.marketKey.split("|")[1] ?? "",
      status: market.status ?? "active",
      outcomes: market.outcomes,
      version: 1,
    });
  }
  return id;
}

/** The feed's odds_change or bet_stop on one market: new prices or status, the version bumped. */
export async function changeMarket(server: TestServer, eventId: number, marketKey: string, change: { odds?: Record<string, string>; status?: string }): Promise<number> {
  const db = server.database.db;
  const [market] = await db
    .select()
    .from(sportMarkets)
    .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
  const outcomes = market!.outcomes.map((outcome) => ({ ...outcome, odds: change.odds?.[outcome.id] ?? outcome.odds }));
  const [updated] = await db
    .update(sportMarkets)
    .set({ outcomes, status: change.status ?? market!.status, version: sql`${sportMarkets.version} + 1` })
    .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)))
    .returning({ version: sportMarkets.version });
  return updated!.version;
}

export async function marketVersion(server: TestServer, eventId: number, marketKey = "1|"): Promise<number> {
  const [market] = await server.database.db
    .select({ version: sportMarkets.version })
    .from(sportMarkets)
    .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
  return market!.version;
}

export type Selection = { eventId: number; marketKey: string; outcomeId: string; odds: string; marketVersion: number };

export function selection(eventId: number, outcomeId: string, odds: string, marketVersion = 1, marketKey = "1|"): Selection {
  return { eventId, marketKey, outcomeId, odds, marketVersion };
}

let slipCounter = 0;

export function slip(selections: Selection[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  slipCounter += 1;
  return {
    idempotencyKey: `slip-${Date.now()}-${slipCounter}`,
    currency: "EUR",
    kind: selections.length === 1 ? "single" : "multiple",
    stake: "10.00",
    oddsPolicy: "none",
    selections,
    ...overrides,
  };
}

export async function placeBet(server: TestServer, bettor: { token: string }, body: Record<string, unknown>): Promise<Response> {
  return server.request("/api/sportsbook/bets", { ...json("POST", body), headers: { "content-type": "application/json", authorization: `Bearer ${bettor.token}` } });
}

/** Places a bet and answers its view; fails the test on any answer but 201. */
export async function placedBet(server: TestServer, bettor: { token: string }, body: Record<string, unknown>): Promise<BetAnswer> {
  const response = await placeBet(server, bettor, body);
  const answer = await readJson(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.data as BetAnswer;
}

export type BetAnswer = {
  id: string;
  status: string;
  stake: string;
  payout: string | null;
  potentialPayout: string;
  rejectReason: string | null;
  isLive: boolean;
  isSettled: boolean;
  cashOut: { amount: string; offerId: string } | null;
  legs: { odds: string; result: string; eventId: number }[];
};

export async function openBets(server: TestServer, bettor: { token: string }): Promise<BetAnswer[]> {
  const response = await server.request("/api/sportsbook/bets?open=true", { headers: { authorization: `Bearer ${bettor.token}` } });
  expect(response.status).toBe(200);
  return (await readJson(response)).data as BetAnswer[];
}

/** The bet as the player's history shows it (settled and open lists both searched). */
export async function betById(server: TestServer, player: { accessToken: string }, betId: string): Promise<BetAnswer> {
  for (const isSettled of ["true", "false"]) {
    const response = await server.request(`/api/game/bets?perPage=100&isSettled=${isSettled}`, bearer(player));
    expect(response.status).toBe(200);
    const found = ((await readJson(response)).data as BetAnswer[]).find((bet) => bet.id === betId);
    if (found) return found;
  }
  throw new Error(`bet ${betId} is in neither list`);
}

type Results = Record<string, SportOutcomeResult | { result: SportOutcomeResult; deadHeatFactor: string }>;

/** The feed's bet_settlement for one market: the market row settled with its results, then the listener, in one transaction. */
export async function settleMarket(server: TestServer, eventId: number, results: Results, marketKey = "1|", listener: SettlementListener = server.app.services.sportBetting.settlement): Promise<void> {
  const outcomes: SettledMarket["outcomes"] = Object.entries(results).map(([id, value]) => (typeof value === "string" ? { id, result: value } : { id, ...value }));
  const market: SettledMarket = { marketTypeId: Number(marketKey.split("|")[0]), specifiers: marketKey.split("|")[1] ?? "", marketKey, outcomes };
  await server.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sportMarkets)
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
    const stored = row!.outcomes.map((outcome) => {
      const settled = outcomes.find((candidate) => candidate.id === outcome.id);
      return settled ? { ...outcome, result: settled.result, ...(settled.deadHeatFactor ? { deadHeatFactor: settled.deadHeatFactor } : {}) } : outcome;
    });
    await tx
      .update(sportMarkets)
      .set({ status: "settled", outcomes: stored, version: sql`${sportMarkets.version} + 1` })
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
    await listener.marketsSettled(tx, eventId, [market]);
  });
}

export async function rollBackSettlement(server: TestServer, eventId: number, marketKey = "1|"): Promise<void> {
  await server.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sportMarkets)
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
    const outcomes = row!.outcomes.map(({ result: _result, deadHeatFactor: _factor, ...outcome }) => outcome);
    await tx
      .update(sportMarkets)
      .set({ status: "suspended", outcomes, version: sql`${sportMarkets.version} + 1` })
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
    await server.app.services.sportBetting.settlement.settlementRolledBack(tx, eventId, [marketKey]);
  });
}

export async function cancelMarket(server: TestServer, eventId: number, reason: string, marketKey = "1|", window: { from?: number; to?: number } = {}): Promise<void> {
  await server.database.db.transaction(async (tx) => {
    await tx
      .update(sportMarkets)
      .set({ status: "cancelled", version: sql`${sportMarkets.version} + 1` })
      .where(and(eq(sportMarkets.eventId, eventId), eq(sportMarkets.marketKey, marketKey)));
    await server.app.services.sportBetting.settlement.marketsCancelled(tx, eventId, [marketKey], window, reason);
  });
}

export async function rollBackCancel(server: TestServer, eventId: number, marketKey = "1|"): Promise<void> {
  await server.database.db.transaction((tx) => server.app.services.sportBetting.settlement.cancelRolledBack(tx, eventId, [marketKey], {}));
}

export async function outboxOn(server: TestServer, channel: string): Promise<Record<string, unknown>[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel)).orderBy(realtimeOutbox.id);
  return rows.map((row) => row.data as Record<string, unknown>);
}

export { expectLedgerClean };
