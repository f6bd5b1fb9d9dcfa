import { and, arrayContains, eq, isNotNull, like } from "drizzle-orm";
import { GameBetRestrictedEventSchema } from "@playfair/contracts/game/bet-restricted";
import { UK_JURISDICTION_RULES } from "@playfair/contracts/game/jurisdiction";
import { GameLaunchSchema } from "@playfair/contracts/game/launch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { ledgerTransactions } from "../ledger/ledger.schema.ts";
import { players } from "../player/player.schema.ts";
import type { RegisteredPlayer } from "../player/player-test-helpers.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { AGGREGATOR_SECRET, signedInit } from "./aggregator/aggregator-test-kit.ts";
import { games } from "./catalogue/catalogue.schema.ts";
import { gameProviders } from "./catalogue/catalogue.schema.ts";
import { bet, cashOf, fund, json, launch, newPlayer, startPlayServer, type PlayedRecord } from "./play/game-play-test-kit.ts";
import { gameRounds, gameSessions } from "./play/game-play.schema.ts";

// Jurisdiction profiles (P11): the UK's stake caps by age band, its cycle time and the launch
// answer's rules, enforced on the server for our slot and the aggregator's slots; other countries
// and other categories play as before; an operator's profile for another country applies at once.

const OPERATOR_KEY = "operator-key-for-jurisdiction-tests";
let clock = new Date("2026-06-01T12:00:00.000Z");
let server: TestServer & { played: PlayedRecord[] };

beforeAll(async () => {
  server = await startPlayServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY, GAME_AGGREGATOR_SECRETS: AGGREGATOR_SECRET, TRUSTED_PROXIES: "127.0.0.1" }, now: () => clock });
});

afterAll(async () => {
  await server?.close();
});

/** Moves the shared clock past the UK's 2.5 s cycle, so each test starts a fresh cycle. */
function nextCycle(ms = 3000): void {
  clock = new Date(clock.getTime() + ms);
}

/** A funded EUR player whose profile says `country`, born `age` years before the clock (none: no birthdate). */
async function playerOf(country: string | null, age: number | null): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await fund(server, player.playerId, "500.00");
  const birthdate = age === null ? null : `${clock.getUTCFullYear() - age}-01-15`;
  await server.database.db.update(players).set({ country, birthdate }).where(eq(players.id, player.playerId));
  return player;
}

async function slotSession(player: RegisteredPlayer) {
  const response = await launch(server, player, "playfair-slot", {});
  expect(response.status).toBe(201);
  return GameLaunchSchema.parse(await readJson(response));
}

async function stakesPosted(sessionId: string): Promise<number> {
  const rounds = await server.database.db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.sessionId, sessionId));
  let count = 0;
  for (const round of rounds) {
    count += (await server.database.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, `game-round:${round.id}:stake%`))).length;
  }
  return count;
}

describe("the UK profile on Starfall", () => {
  it("caps a 20-year-old at the GBP 2 equivalent: the launch offers no more, a higher stake is refused and nothing is posted", async () => {
    nextCycle();
    const player = await playerOf("GB", 20);
    const launched = await slotSession(player);
    // 2.00 GBP at 1.27 USD is 2.3518... EUR at 1.08: rounded down.
    expect(launched.stakes).toEqual({ min: "0.10", max: "2.35" });
    expect(launched.jurisdiction).toMatchObject({
      country: "GB",
      stakeCap: { amount: "2.35", currency: "EUR", statedAmount: "2.00", statedCurrency: "GBP" },
      minCycleMs: 2500,
      autoplayAllowed: false,
      turboAllowed: false,
      slamStopAllowed: false,
      celebrateOnlyAboveStake: true,
      showNetPosition: true,
      showTimePlayed: true,
    });

    const refused = await bet(server, player, launched.sessionId, { amount: "2.36", params: {} });
    const body = await readJson(refused);
    expect(refused.status).toBe(422);
    expect(body.reason).toBe("stakeCapExceeded");
    expect(body.errors.amount).toEqual(["The stake is over the 2.35 EUR limit per spin for your country"]);
    const german = await bet(server, player, launched.sessionId, { amount: "2.36", params: {} }, { "accept-language": "de" });
    expect((await readJson(german)).errors.amount).toEqual(["Der Einsatz liegt über dem Limit von 2.35 EUR pro Drehung in Ihrem Land"]);
    expect(await cashOf(server, player)).toBe("500.00");
    expect(await stakesPosted(launched.sessionId)).toBe(0);
    const events = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:bets#${player.playerId}`));
    const published = events.map((event) => GameBetRestrictedEventSchema.parse(event.data));
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({ reason: "stakeCapExceeded", gameCode: "playfair-slot", amount: "2.36", message: "The stake is over the 2.35 EUR limit per spin for your country" });

    expect((await bet(server, player, launched.sessionId, { amount: "2.35", params: {} })).status).toBe(201);
  });

  it("lets a player of 25 or more stake up to the GBP 5 equivalent", async () => {
    nextCycle();
    const player = await playerOf("GB", 30);
    const launched = await slotSession(player);
    expect(launched.stakes?.max).toBe("5.87");
    expect((await bet(server, player, launched.sessionId, { amount: "5.88", params: {} })).status).toBe(422);
    expect((await bet(server, player, launched.sessionId, { amount: "5.87", params: {} })).status).toBe(201);
  });

  it("applies the strictest band when the birthdate is not known", async () => {
    nextCycle();
    const player = await playerOf("GB", null);
    const launched = await slotSession(player);
    expect(launched.jurisdiction?.stakeCap?.amount).toBe("2.35");
    expect((await bet(server, player, launched.sessionId, { amount: "3.00", params: {} })).status).toBe(422);
  });

  it("refuses a spin sooner than 2.5 s after the previous one started, and takes it once the time has passed", async () => {
    nextCycle();
    const player = await playerOf("GB", 40);
    const { sessionId } = await slotSession(player);
    expect((await bet(server, player, sessionId, { amount: "1.00", params: {} })).status).toBe(201);
    clock = new Date(clock.getTime() + 1000);
    const early = await bet(server, player, sessionId, { amount: "1.00", params: {} });
    const body = await readJson(early);
    expect(early.status).toBe(429);
    expect(body).toMatchObject({ code: "RATE_LIMITED", reason: "cycleTooShort", message: "Spins are at least 2.5 s apart in your country." });
    expect(early.headers.get("retry-after")).toBe("2");
    expect(await stakesPosted(sessionId)).toBe(1);
    clock = new Date(clock.getTime() + 1600);
    expect((await bet(server, player, sessionId, { amount: "1.00", params: {} })).status).toBe(201);
  });

  it("keeps the presentation rules for play money but no cap", async () => {
    nextCycle();
    const player = await playerOf("GB", 20);
    const response = await launch(server, player, "playfair-slot", { demo: true });
    const launched = GameLaunchSchema.parse(await readJson(response));
    expect(launched.stakes).toEqual({ min: "0.10", max: "10.000" });
    expect(launched.jurisdiction).toMatchObject({ country: "GB", stakeCap: null, celebrateOnlyAboveStake: true, showNetPosition: true });
  });
});

describe("where the UK profile does not apply", () => {
  it("leaves a German player's slot stakes and pace alone", async () => {
    nextCycle();
    const player = await playerOf("DE", 20);
    const launched = await slotSession(player);
    expect(launched.jurisdiction).toBeUndefined();
    expect(launched.stakes?.max).toBe("100.000");
    expect((await bet(server, player, launched.sessionId, { amount: "20.00", params: {} })).status).toBe(201);
    expect((await bet(server, player, launched.sessionId, { amount: "20.00", params: {} })).status).toBe(201);
  });

  it("leaves a GB player's table games (dice) uncapped", async () => {
    nextCycle();
    const player = await playerOf("GB", 20);
    const response = await launch(server, player, "playfair-dice", {});
    const launched = GameLaunchSchema.parse(await readJson(response));
    expect(launched.jurisdiction).toBeUndefined();
    expect((await bet(server, player, launched.sessionId, { amount: "20.00", params: { target: "50.50", condition: "under" } })).status).toBe(201);
  });

  it("places a player without a profile country by the visitor's country", async () => {
    const rules = server.app.services.limits.jurisdiction;
    const slot = { categories: ["slots"], currency: "EUR", demo: false };
    expect(await rules.gameRules(server.database.db, { playerId: null, visitorCountry: "GB" }, slot)).toMatchObject({ country: "GB", stakeCap: { amount: "2.35" } });
    const player = await playerOf(null, 30);
    expect(await rules.gameRules(server.database.db, { playerId: player.playerId, visitorCountry: "GB" }, slot)).toMatchObject({ stakeCap: { amount: "5.87" } });
    const german = await playerOf("DE", 30);
    expect(await rules.gameRules(server.database.db, { playerId: german.playerId, visitorCountry: "GB" }, slot)).toBeNull();
  });
});

describe("what a stake reads", () => {
  it("reads the game's categories and previous round only for a stake whose country has a profile", async () => {
    const { limits } = server.app.services;
    const read: string[] = [];
    const gameOf = (label: string, visitorCountry: string | null) => ({
      visitorCountry,
      facts: async () => {
        read.push(label);
        return { categories: ["slots"], previousRoundAt: null };
      },
    });
    const stake = (player: RegisteredPlayer, game: ReturnType<typeof gameOf>) =>
      server.database.db.transaction((tx) => limits.assertCanStake(tx, { playerId: player.playerId, currency: "EUR", amount: "20.00", game }));
    const german = await playerOf("DE", 30);
    const withoutCountry = await playerOf(null, 30);
    const british = await playerOf("GB", 20);
    // The profile's country wins over the visitor's; a player without one is placed by the visitor's.
    await stake(german, gameOf("German, visiting the UK", "GB"));
    await stake(withoutCountry, gameOf("no country, visiting France", "FR"));
    await expect(stake(withoutCountry, gameOf("no country, visiting the UK", "GB"))).rejects.toMatchObject({ reason: "stakeCapExceeded" });
    await expect(stake(british, gameOf("British", null))).rejects.toMatchObject({ reason: "stakeCapExceeded" });
    expect(read).toEqual(["no country, visiting the UK", "British"]);
  });
});

describe("the operator's profiles", () => {
  const operator = (init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${OPERATOR_KEY}` } });

  it("lists the seeded UK profile, adds one for another country that applies at once, and removes it", async () => {
    const list = await readJson(await server.request("/api/operator/jurisdictions", operator()));
    expect(list.data).toEqual([expect.objectContaining({ country: "GB", categories: ["slots"], minCycleMs: 2500 })]);
    expect((await server.request("/api/operator/jurisdictions")).status).toBe(401);

    const rules = {
      categories: ["slots"],
      stakeCaps: [{ minAge: 18, amount: "1.00", currency: "EUR" }],
      minCycleMs: 0,
      autoplayAllowed: false,
      turboAllowed: true,
      slamStopAllowed: true,
      celebrateOnlyAboveStake: false,
      showNetPosition: true,
      showTimePlayed: false,
    };
    const put = await server.request("/api/operator/jurisdictions/nl", operator(json("PUT", rules)));
    expect(put.status).toBe(200);
    expect((await readJson(put)).data).toMatchObject({ country: "NL", stakeCaps: rules.stakeCaps });
    const badCap = await server.request("/api/operator/jurisdictions/NL", operator(json("PUT", { ...rules, stakeCaps: [{ minAge: 18, amount: "-1", currency: "EUR" }] })));
    expect(badCap.status).toBe(422);

    nextCycle();
    const player = await playerOf("NL", 40);
    const launched = await slotSession(player);
    expect(launched.stakes?.max).toBe("1.00");
    expect((await bet(server, player, launched.sessionId, { amount: "1.01", params: {} })).status).toBe(422);
    expect((await bet(server, player, launched.sessionId, { amount: "1.00", params: {} })).status).toBe(201);

    expect((await server.request("/api/operator/jurisdictions/NL", operator({ method: "DELETE" }))).status).toBe(204);
    expect((await server.request("/api/operator/jurisdictions/NL", operator())).status).toBe(404);
    expect((await bet(server, player, launched.sessionId, { amount: "5.00", params: {} })).status).toBe(201);
  });
});

describe("the aggregator's slots", () => {
  it("refuses a GB player's bet over the cap the way a limit refusal is answered, and a new round too soon", async () => {
    nextCycle();
    const player = await playerOf("GB", 20);
    const [game] = await server.database.db
      .select({ aggregatorCode: games.aggregatorCode, mathModel: games.mathModel, provider: gameProviders.identity })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(and(isNotNull(games.aggregatorCode), arrayContains(games.categories, ["slots"])))
      .limit(1);
    const [account] = await server.app.services.wallet.list(player.playerId);
    expect(account?.currency).toBe("EUR");
    const { sessionId: token } = await server.app.services.gameAggregator.launchThirdPartyGame({
      playerId: player.playerId,
      currency: "EUR",
      demo: false,
      provider: game!.provider,
      gameCode: game!.aggregatorCode!,
      mathModel: game!.mathModel!,
      locale: "en",
      device: "desktop",
    });
    const call = async (amount: string, roundId: string, transactionId: string) => {
      const body = { token, currency: "EUR", transactionId, roundId, gameCode: game!.aggregatorCode!, amount, roundClosed: false };
      return readJson(await server.request("/api/game/aggregator/bet", signedInit(body, AGGREGATOR_SECRET, clock)));
    };
    expect(await call("2.36", "r-1", "t-1")).toMatchObject({ status: "LIMIT_REACHED" });
    expect(await cashOf(server, player)).toBe("500.00");
    expect(await call("2.35", "r-2", "t-2")).toMatchObject({ status: "OK" });
    expect(await call("1.00", "r-3", "t-3")).toMatchObject({ status: "LIMIT_REACHED" });
    nextCycle();
    expect(await call("1.00", "r-4", "t-4")).toMatchObject({ status: "OK" });
  });
});

/** A slot of the sandbox aggregator as the catalogue lists it. */
async function aggregatorSlot() {
  const [game] = await server.database.db
    .select({ identity: games.identity, aggregatorCode: games.aggregatorCode, provider: gameProviders.identity })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(isNotNull(games.aggregatorCode), arrayContains(games.categories, ["slots"])))
    .limit(1);
  return game!;
}

describe("the visitor country of a third-party game's session", () => {
  it("caps the aggregator's bets of a player without a profile country by the country the game was launched from", async () => {
    // GB may not be named by a profile country; Malta stands in for it with the UK's rules.
    await server.app.services.limits.jurisdiction.put("MT", UK_JURISDICTION_RULES);
    nextCycle();
    const player = await playerOf(null, 20);
    const game = await aggregatorSlot();
    const launchFrom = async (country: string | null) => {
      const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${player.accessToken}` };
      if (country) headers["cf-ipcountry"] = country;
      const response = await server.request(`/api/game/games/${game.identity}/play`, { method: "POST", headers, body: JSON.stringify({}) });
      expect(response.status).toBe(201);
      return GameLaunchSchema.parse(await readJson(response));
    };
    const call = async (token: string, amount: string, id: string) => {
      const body = { token, currency: "EUR", transactionId: `visitor-${id}`, roundId: `visitor-${id}`, gameCode: game.aggregatorCode!, amount, roundClosed: false };
      return readJson(await server.request("/api/game/aggregator/bet", signedInit(body, AGGREGATOR_SECRET, clock)));
    };

    const fromMalta = await launchFrom("MT");
    expect(fromMalta).toMatchObject({ kind: "iframe", jurisdiction: { country: "MT", stakeCap: { amount: "2.35", currency: "EUR" }, showNetPosition: true, showTimePlayed: true } });
    expect(await call(fromMalta.sessionId, "2.36", "mt-1")).toMatchObject({ status: "LIMIT_REACHED", message: "The stake is over the 2.35 EUR limit per spin for your country" });
    expect(await cashOf(server, player)).toBe("500.00");
    expect(await call(fromMalta.sessionId, "2.35", "mt-2")).toMatchObject({ status: "OK" });

    // Launched with no visitor country, the same player's session plays as before.
    nextCycle();
    const fromNowhere = await launchFrom(null);
    expect(fromNowhere.jurisdiction).toBeUndefined();
    expect(await call(fromNowhere.sessionId, "2.36", "none-1")).toMatchObject({ status: "OK" });
    await server.app.services.limits.jurisdiction.remove("MT");
  });
});

describe("a cap below the game's smallest stake", () => {
  it("refuses the real-money launch with the reason and both amounts, opens no session, and keeps play money open", async () => {
    await server.app.services.limits.jurisdiction.put("NL", { ...UK_JURISDICTION_RULES, stakeCaps: [{ minAge: 18, amount: "0.05", currency: "EUR" }] });
    nextCycle();
    const player = await playerOf("NL", 40);
    const sessionsBefore = (await server.database.db.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.playerId, player.playerId))).length;

    const refused = await launch(server, player, "playfair-slot", {});
    const body = await readJson(refused);
    expect(refused.status).toBe(422);
    expect(body.reason).toBe("stakeCapBelowMinimum");
    expect(body.errors.currency).toEqual(["Stakes in your country are capped at 0.05 EUR per spin, below this game's smallest stake of 0.10 EUR"]);
    const german = await server.request("/api/game/games/playfair-slot/play", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${player.accessToken}`, "accept-language": "de" },
      body: "{}",
    });
    expect((await readJson(german)).errors.currency).toEqual(["Einsätze sind in Ihrem Land auf 0.05 EUR pro Drehung begrenzt, weniger als der kleinste Einsatz dieses Spiels von 0.10 EUR"]);
    expect((await server.database.db.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.playerId, player.playerId))).length).toBe(sessionsBefore);

    const demo = await launch(server, player, "playfair-slot", { demo: true });
    expect(demo.status).toBe(201);
    expect(GameLaunchSchema.parse(await readJson(demo)).jurisdiction).toMatchObject({ country: "NL", stakeCap: null });
    // Dice is not a slot: the cap does not reach it.
    expect((await launch(server, player, "playfair-dice", {})).status).toBe(201);
    await server.app.services.limits.jurisdiction.remove("NL");
  });
});
