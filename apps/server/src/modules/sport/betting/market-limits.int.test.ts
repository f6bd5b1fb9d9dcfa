import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import { fund, newPlayer, startPlayServer } from "../../game/play/game-play-test-kit.ts";
import { expectLedgerClean, insertEvent, placeBet, placedBet, producersUp, selection, slip, sportsbookToken, testClock } from "./betting-test-kit.ts";

// The operator's per-market stake limits (ADR 035, SB2): set per market type and currency for
// every event or one event, through the operator API, and applied at acceptance to what one player
// stakes on one market over all their open bets, with the slip's stakeTooHigh refusal.

const OPERATOR_KEY = "market-limits-operator-key-0123456789";
const clock = testClock();
let server: TestServer;

beforeAll(async () => {
  server = await startPlayServer({ now: clock.now, env: { OPERATOR_API_KEYS: OPERATOR_KEY, SPORT_LIVE_DELAY_MS: "5000" } });
  await producersUp(server);
});

afterAll(async () => {
  await server?.close();
});

async function operator(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.request(`/api/operator/sport-market-limits${path}`, {
    method,
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.status === 204 ? {} : await readJson(response) };
}

async function bettor(amount = "1000.00") {
  const player = await newPlayer(server);
  await fund(server, player.playerId, amount);
  return { ...player, token: await sportsbookToken(server, player) };
}

const twoWay = { marketKey: "1|", outcomes: [{ id: "1", odds: "2.00", active: true }, { id: "2", odds: "2.00", active: true }] };

describe("per-market stake limits", () => {
  it("are set, listed and removed by the operator only, in the currency's precision, for known market types and currencies", async () => {
    const anonymous = await server.request("/api/operator/sport-market-limits");
    expect(anonymous.status).toBe(401);
    const set = await operator("PUT", "", { marketTypeId: 4, currency: "USD", maxStake: "250.5" });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ marketTypeId: 4, currency: "USD", eventId: null, maxStake: "250.50" });
    expect((await operator("PUT", "", { marketTypeId: 99, currency: "USD", maxStake: "10" })).status).toBe(422);
    expect((await operator("PUT", "", { marketTypeId: 4, currency: "XYZ", maxStake: "10" })).status).toBe(422);
    expect((await operator("PUT", "", { marketTypeId: 4, currency: "USD", maxStake: "0" })).status).toBe(422);
    expect((await operator("PUT", "", { marketTypeId: 4, currency: "USD", maxStake: "1.001" })).status).toBe(422);
    const listed = await operator("GET", "");
    expect((listed.body.data as { marketTypeId: number }[]).filter((limit) => limit.marketTypeId === 4)).toHaveLength(1);
    expect((await operator("DELETE", "?marketTypeId=4&currency=USD")).status).toBe(204);
    expect((await operator("DELETE", "?marketTypeId=4&currency=USD")).status).toBe(404);
  });

  it("refuse a stake that takes a player's total on one market past the type's limit, counting their open bets", async () => {
    await operator("PUT", "", { marketTypeId: 1, currency: "EUR", maxStake: "50.00" });
    const player = await bettor();
    const eventId = await insertEvent(server, clock, { markets: [twoWay] });
    const tooMuch = await placeBet(server, player, slip([selection(eventId, "1", "2.00")], { stake: "50.01" }));
    const refusal = await readJson(tooMuch);
    expect(tooMuch.status).toBe(422);
    expect(refusal).toMatchObject({ reason: "stakeTooHigh", errors: { stake: ["You can stake at most 50.00 EUR on one market."] } });
    await placedBet(server, player, slip([selection(eventId, "1", "2.00")], { stake: "30.00" }));
    // 30.00 already stands on the market (on either outcome): 20.00 more fits, 20.01 does not.
    expect((await readJson(await placeBet(server, player, slip([selection(eventId, "2", "2.00")], { stake: "20.01" })))).reason).toBe("stakeTooHigh");
    await placedBet(server, player, slip([selection(eventId, "2", "2.00")], { stake: "20.00" }));
    // The limit is per player: another one stakes up to it on the same market.
    const other = await bettor();
    await placedBet(server, other, slip([selection(eventId, "1", "2.00")], { stake: "50.00" }));
    await operator("DELETE", "?marketTypeId=1&currency=EUR");
    await expectLedgerClean(server);
  });

  it("let one event's limit replace the type-wide one there, and apply to each leg of a multiple", async () => {
    await operator("PUT", "", { marketTypeId: 1, currency: "EUR", maxStake: "100.00" });
    const player = await bettor();
    const big = await insertEvent(server, clock, { markets: [twoWay] });
    const small = await insertEvent(server, clock, { markets: [twoWay] });
    await operator("PUT", "", { marketTypeId: 1, currency: "EUR", maxStake: "10.00", eventId: small });
    await operator("PUT", "", { marketTypeId: 1, currency: "EUR", maxStake: "300.00", eventId: big });
    expect((await readJson(await placeBet(server, player, slip([selection(small, "1", "2.00")], { stake: "10.01" })))).reason).toBe("stakeTooHigh");
    await placedBet(server, player, slip([selection(big, "1", "2.00")], { stake: "250.00" }));
    const multiple = await placeBet(server, player, slip([selection(big, "2", "2.00"), selection(small, "2", "2.00")], { stake: "10.01" }));
    expect((await readJson(multiple)).reason).toBe("stakeTooHigh");
    await placedBet(server, player, slip([selection(big, "2", "2.00"), selection(small, "2", "2.00")], { stake: "10.00" }));
    const listed = (await operator("GET", "")).body.data as { eventId: number | null; maxStake: string }[];
    expect(listed.filter((limit) => limit.eventId === small || limit.eventId === big || limit.eventId === null).map((limit) => limit.maxStake).sort()).toEqual(["10.00", "100.00", "300.00"]);
    await expectLedgerClean(server);
  });
});
