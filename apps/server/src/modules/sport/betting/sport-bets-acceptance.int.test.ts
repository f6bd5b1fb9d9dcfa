import { eq } from "drizzle-orm";
import { LIMIT_DEFINITION, LIMIT_PERIOD } from "@playfair/contracts/constants";
import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { bearer, cashOf, json } from "../../game/play/game-play-test-kit.ts";
import { walletAccounts } from "../../ledger/wallet-accounts.schema.ts";
import { players } from "../../player/player.schema.ts";
import { sportEvents } from "../sport.schema.ts";
import {
  bettingTestServer,
  changeMarket,
  expectLedgerClean,
  insertEvent,
  LIVE_DELAY_MS,
  openBets,
  outboxOn,
  placeBet,
  placedBet,
  producersUp,
  selection,
  slip,
  sportsbookToken,
} from "./betting-test-kit.ts";

// Acceptance (ADR 035, L4, P3): the sportsbook token, the slip's checks against the markets and the
// player's odds policy, limits and exclusions in the stake's transaction, idempotent retries, the
// live delay, and exactly as many bets as the balance holds under concurrency.

const kit = bettingTestServer();

describe("the sportsbook token", () => {
  it("is answered by the sportsbook's start-game call: empty for a guest, a bearer for the bet routes for a player", async () => {
    const { server } = kit;
    expect(await sportsbookToken(server, null)).toBe("");
    const bettor = await kit.bettor();
    expect(bettor.token.split(".")).toHaveLength(3);
    const eventId = await insertEvent(server, kit.clock);
    // The site's session token is not a sportsbook token, nor the other way round.
    const withSession = await server.request("/api/sportsbook/bets", bearer(bettor, json("POST", slip([selection(eventId, "1", "2.00")]))));
    expect(withSession.status).toBe(401);
    const history = await server.request("/api/game/bets", { headers: { authorization: `Bearer ${bettor.token}` } });
    expect(history.status).toBe(401);
    expect((await placeBet(server, bettor, slip([selection(eventId, "1", "2.00")]))).status).toBe(201);
  });
});

describe("a pre-match slip", () => {
  it("is accepted at once: the stake held, the bet published on game:bets with the balance", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    expect(bet).toMatchObject({ status: "accepted", stake: "10.00", potentialPayout: "20.00", isLive: false, isSettled: false });
    expect(await cashOf(server, bettor)).toBe("90.00");
    const events = await outboxOn(server, `game:bets#${bettor.playerId}`);
    expect(events.at(-1)).toMatchObject({ event: "bet.placebet", bet: { id: bet.id, status: "accepted" } });
    // The account as the bet's transaction published it is the account the wallet shows afterwards.
    const accounts = (await readJson(await server.request("/api/wallet/accounts", bearer(bettor)))).data as { currency: string }[];
    expect((await outboxOn(server, `wallet:accounts#${bettor.playerId}`)).at(-1)).toEqual({ event: "account", account: accounts.find((account) => account.currency === "EUR") });
    await expectLedgerClean(server);
  });

  it("follows the player's odds policy when the price moved after the slip was filled", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { markets: [{ marketKey: "1|", outcomes: [{ id: "1", odds: "2.10", active: true }, { id: "2", odds: "1.70", active: true }] }] });
    // The slip saw 2.00 on "1" (now 2.10, higher) and 1.80 on "2" (now 1.70, lower).
    const higher = [selection(eventId, "1", "2.00")];
    const lower = [selection(eventId, "2", "1.80")];
    const refused = async (selections: typeof higher, oddsPolicy: string) => {
      const response = await placeBet(server, bettor, slip(selections, { oddsPolicy }));
      expect(response.status).toBe(422);
      return (await readJson(response)).reason;
    };
    expect(await refused(higher, "none")).toBe("oddsChanged");
    expect(await refused(lower, "none")).toBe("oddsChanged");
    expect(await refused(lower, "accept_higher")).toBe("oddsChanged");
    expect((await placedBet(server, bettor, slip(higher, { oddsPolicy: "accept_higher" }))).legs[0]!.odds).toBe("2.10");
    expect((await placedBet(server, bettor, slip(lower, { oddsPolicy: "accept_any" }))).legs[0]!.odds).toBe("1.70");
    // A refused slip holds nothing.
    expect(await cashOf(server, bettor)).toBe("80.00");
    await expectLedgerClean(server);
  });

  it("is refused on a suspended market, a producer down, an event already started, an unknown outcome", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const reasonOf = async (body: Record<string, unknown>) => (await readJson(await placeBet(server, bettor, body))).reason;
    const suspended = await insertEvent(server, kit.clock);
    await changeMarket(server, suspended, "1|", { status: "suspended" });
    expect(await reasonOf(slip([selection(suspended, "1", "2.00", 2)]))).toBe("marketSuspended");

    const open = await insertEvent(server, kit.clock);
    await producersUp(server, "down");
    expect(await reasonOf(slip([selection(open, "1", "2.00")]))).toBe("marketSuspended");
    await producersUp(server);

    // Kick-off passed and the live producer has not taken the event over: pre-match prices are closed.
    await server.database.db.update(sportEvents).set({ startsAt: new Date(kit.clock.now().getTime() - 1000) }).where(eq(sportEvents.id, open));
    expect(await reasonOf(slip([selection(open, "1", "2.00")]))).toBe("eventStarted");
    const later = await insertEvent(server, kit.clock);
    expect(await reasonOf(slip([selection(later, "7", "2.00")]))).toBe("unknownSelection");
    expect(await cashOf(server, bettor)).toBe("100.00");
  });

  it("refuses related selections in a multiple and a system, and slips of the wrong shape", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const one = await insertEvent(server, kit.clock, { markets: [{ marketKey: "1|", outcomes: [{ id: "1", odds: "2.00", active: true }] }, { marketKey: "18|total=2.5", outcomes: [{ id: "over", odds: "1.90", active: true }] }] });
    const two = await insertEvent(server, kit.clock);
    const related = await placeBet(server, bettor, slip([selection(one, "1", "2.00"), selection(one, "over", "1.90", 1, "18|total=2.5")]));
    expect(related.status).toBe(422);
    expect(await readJson(related)).toMatchObject({ reason: "relatedSelections" });
    const system = await placeBet(server, bettor, slip([selection(one, "1", "2.00"), selection(two, "1", "2.00"), selection(one, "over", "1.90", 1, "18|total=2.5")], { kind: "system", systemSize: 2 }));
    expect(await readJson(system)).toMatchObject({ reason: "relatedSelections" });
    const tooBig = await placeBet(server, bettor, slip([selection(one, "1", "2.00"), selection(two, "1", "2.00")], { kind: "system", systemSize: 2 }));
    expect(await readJson(tooBig)).toMatchObject({ errors: { systemSize: [expect.any(String)] } });
    const singleOfTwo = await placeBet(server, bettor, slip([selection(one, "1", "2.00"), selection(two, "1", "2.00")], { kind: "single" }));
    expect(singleOfTwo.status).toBe(422);
  });

  it("keeps stakes inside the bounds per bet and per market, and payouts under the maximum", async () => {
    const { server } = kit;
    const bettor = await kit.bettor("5000.00");
    const eventId = await insertEvent(server, kit.clock, { markets: [{ marketKey: "1|", outcomes: [{ id: "1", odds: "2.00", active: true }, { id: "2", odds: "500.00", active: true }] }] });
    const reasonOf = async (body: Record<string, unknown>) => (await readJson(await placeBet(server, bettor, body))).reason;
    expect(await reasonOf(slip([selection(eventId, "1", "2.00")], { stake: "0.05" }))).toBe("stakeTooLow");
    expect(await reasonOf(slip([selection(eventId, "1", "2.00")], { stake: "1000.01" }))).toBe("stakeTooHigh");
    expect(await reasonOf(slip([selection(eventId, "2", "500.00")], { stake: "200.01" }))).toBe("payoutTooHigh");
    await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")], { stake: "1000.00" }));
    await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")], { stake: "1000.00" }));
    // 2,000.00 EUR is the most one player stakes on one market.
    expect(await reasonOf(slip([selection(eventId, "1", "2.00")], { stake: "0.10" }))).toBe("stakeTooHigh");
    await expectLedgerClean(server);
  });

  it("passes the player's bet limit and self-exclusion in the stake's transaction (P3)", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const limit = await server.request("/api/player/limits", bearer(bettor, json("POST", { definition: LIMIT_DEFINITION.bet, period: LIMIT_PERIOD.daily, amount: "15", currency: "EUR" })));
    expect(limit.status).toBe(201);
    await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    const overLimit = await placeBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    expect(overLimit.status).toBe(422);
    expect(await readJson(overLimit)).toMatchObject({ reason: "betLimitReached" });
    expect((await outboxOn(server, `game:bets#${bettor.playerId}`)).at(-1)).toMatchObject({ event: "game.bet.restricted", gameCode: "playfair-sportsbook" });

    const excluded = await kit.bettor();
    await server.database.db.update(players).set({ selfExcludedUntil: new Date(kit.clock.now().getTime() + 200 * 24 * 3600 * 1000) }).where(eq(players.id, excluded.playerId));
    const refused = await placeBet(server, excluded, slip([selection(eventId, "1", "2.00")]));
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    expect(await cashOf(server, excluded)).toBe("100.00");
  });
});

describe("idempotency (L4)", () => {
  it("answers a retry with the same bet, and another slip under the same key with 409", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const body = slip([selection(eventId, "1", "2.00")]);
    const first = await placedBet(server, bettor, body);
    const retry = await placeBet(server, bettor, body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(((await readJson(retry)).data as { id: string }).id).toBe(first.id);
    const other = await placeBet(server, bettor, { ...body, stake: "11.00" });
    expect(other.status).toBe(409);
    expect(await cashOf(server, bettor)).toBe("90.00");
  });

  it("answers ten simultaneous sends of one slip with one bet and one held stake", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    const body = slip([selection(eventId, "1", "2.00")]);
    const responses = await Promise.all(Array.from({ length: 10 }, () => placeBet(server, bettor, body)));
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(responses.filter((response) => response.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    const ids = await Promise.all(responses.map(async (response) => ((await readJson(response)).data as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    expect(await cashOf(server, bettor)).toBe("90.00");
    await expectLedgerClean(server);
  });

  it("refuses a player whose account in the sportsbook's currency is blocked, and holds nothing", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock);
    await server.database.db.update(walletAccounts).set({ status: 2 }).where(eq(walletAccounts.playerId, bettor.playerId));
    const refused = await placeBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    expect(refused.status).toBe(422);
    expect(await readJson(refused)).toMatchObject({ errors: { currency: ["You have no account in this currency."] } });
    await server.database.db.update(walletAccounts).set({ status: 1 }).where(eq(walletAccounts.playerId, bettor.playerId));
    expect(await cashOf(server, bettor)).toBe("100.00");
    expect(await openBets(server, bettor)).toEqual([]);
  });

  it("accepts exactly as many of 50 concurrent bets as the balance holds", async () => {
    const { server } = kit;
    const bettor = await kit.bettor("100.00");
    const eventId = await insertEvent(server, kit.clock);
    const responses = await Promise.all(Array.from({ length: 50 }, () => placeBet(server, bettor, slip([selection(eventId, "1", "2.00")], { stake: "10.00" }))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    const refusal = await readJson(responses.find((response) => response.status === 422)!);
    expect(refusal).toMatchObject({ reason: "insufficientFunds" });
    expect(await cashOf(server, bettor)).toBe("0.00");
    await expectLedgerClean(server);
  });
});

describe("the live delay", () => {
  it("keeps a live bet pending, then accepts it when nothing moved", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { live: true });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    expect(bet).toMatchObject({ status: "pending", isLive: true });
    expect(await cashOf(server, bettor)).toBe("90.00");
    const { sportBetting } = server.app.services;
    await sportBetting.decidePendingBets(new Date(kit.clock.now().getTime() + LIVE_DELAY_MS - 1));
    expect((await sportBetting.openBets(bettor.playerId)).find((open) => open.id === bet.id)?.status).toBe("pending");
    kit.clock.advance(LIVE_DELAY_MS);
    await sportBetting.decidePendingBets(kit.clock.now());
    expect((await sportBetting.openBets(bettor.playerId)).find((open) => open.id === bet.id)?.status).toBe("accepted");
    await expectLedgerClean(server);
  });

  it("rejects a live bet when a bet_stop arrives during the delay, and gives the stake back", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const eventId = await insertEvent(server, kit.clock, { live: true });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    await changeMarket(server, eventId, "1|", { status: "suspended" });
    kit.clock.advance(LIVE_DELAY_MS);
    await server.app.services.sportBetting.decidePendingBets(kit.clock.now());
    const { data } = await readJson(await server.request("/api/game/bets?isSettled=true", bearer(bettor)));
    expect((data as { id: string }[]).find((row) => row.id === bet.id)).toMatchObject({ status: "rejected", rejectReason: "marketSuspended", isSettled: true });
    expect(await cashOf(server, bettor)).toBe("100.00");
    await expectLedgerClean(server);
  });

  it("rejects a live bet on a worse price under 'accept higher' and takes a better one", async () => {
    const { server } = kit;
    const bettor = await kit.bettor();
    const worse = await insertEvent(server, kit.clock, { live: true });
    const better = await insertEvent(server, kit.clock, { live: true });
    const refused = await placedBet(server, bettor, slip([selection(worse, "1", "2.00")], { oddsPolicy: "accept_higher" }));
    const taken = await placedBet(server, bettor, slip([selection(better, "1", "2.00")], { oddsPolicy: "accept_higher" }));
    await changeMarket(server, worse, "1|", { odds: { "1": "1.80" } });
    await changeMarket(server, better, "1|", { odds: { "1": "2.20" } });
    kit.clock.advance(LIVE_DELAY_MS);
    expect(await server.app.services.sportBetting.decidePendingBets(kit.clock.now())).toBeGreaterThanOrEqual(2);
    const { data: settled } = await readJson(await server.request("/api/game/bets?isSettled=true", bearer(bettor)));
    expect((settled as { id: string }[]).find((row) => row.id === refused.id)).toMatchObject({ status: "rejected", rejectReason: "oddsChanged" });
    const [open] = await server.app.services.sportBetting.openBets(bettor.playerId);
    expect(open).toMatchObject({ id: taken.id, status: "accepted", potentialPayout: "22.00" });
    expect(open!.legs[0]!.odds).toBe("2.20");
    expect(await cashOf(server, bettor)).toBe("90.00");
    await expectLedgerClean(server);
  });
});
