import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { realtimeOutbox } from "../../realtime/realtime.schema.ts";
import { AGGREGATOR_SECRET, expectLedgerExact, nextId, walletCall } from "../aggregator/aggregator-test-kit.ts";
import { DEMO_STUDIO_GAMES } from "../catalogue/catalogue-seed.ts";
import { bearer, bet, fund, newPlayer, sessionFor, startPlayServer } from "../play/game-play-test-kit.ts";

// The spins history (GET /api/game/spins): originals and third-party rounds in one list, with the
// filters of the wallet history's spins tab, and each third-party round published on
// game:spins#{playerId} when it closes, as the originals' rounds are.

let server: Awaited<ReturnType<typeof startPlayServer>>;

beforeAll(async () => {
  server = await startPlayServer({ env: { GAME_AGGREGATOR_SECRETS: AGGREGATOR_SECRET } });
});

afterAll(async () => {
  await server?.close();
});

const STUDIO_GAME = DEMO_STUDIO_GAMES.find((game) => game.aggregatorCode !== null && game.mathModel === "slot-classic")!;

async function fundedPlayer(): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await fund(server, player.playerId, "100.00");
  return player;
}

/** A real-money session of the studio game, as the launch call would open it. */
async function studioToken(player: RegisteredPlayer): Promise<string> {
  const launched = await server.app.services.gameAggregator.launchThirdPartyGame({
    playerId: player.playerId,
    currency: "EUR",
    demo: false,
    provider: STUDIO_GAME.provider,
    gameCode: STUDIO_GAME.aggregatorCode!,
    mathModel: STUDIO_GAME.mathModel!,
    locale: "en",
    device: "desktop",
  });
  return launched.sessionId!;
}

function money(token: string, roundId: string, extra: Record<string, unknown>) {
  return { token, currency: "EUR", transactionId: nextId("tx"), roundId, gameCode: STUDIO_GAME.aggregatorCode, roundClosed: false, ...extra };
}

async function spins(player: RegisteredPlayer, query = "") {
  const response = await server.request(`/api/game/spins${query}`, bearer(player));
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as { data: Record<string, unknown>[]; meta: Record<string, number> };
}

async function spinEvents(playerId: string): Promise<unknown[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `game:spins#${playerId}`));
  return rows.map((row) => row.data);
}

describe("third-party rounds in the spins history", () => {
  it("lists a closed studio round with its stake, payout and multiplier, and publishes it on game:spins when it closes", async () => {
    const player = await fundedPlayer();
    const token = await studioToken(player);
    const roundId = nextId("round");
    expect((await walletCall(server, "bet", money(token, roundId, { amount: "2.00" }))).answer.status).toBe("OK");

    // Still open: listed as open, nothing published yet.
    expect((await spins(player)).data[0]).toMatchObject({ id: `${STUDIO_GAME.provider}:${roundId}`, status: "open", payout: null, source: "thirdParty" });
    expect(await spinEvents(player.playerId)).toEqual([]);

    expect((await walletCall(server, "win", money(token, roundId, { amount: "5.00", roundClosed: true }))).answer.status).toBe("OK");
    const [row] = (await spins(player)).data;
    expect(row).toEqual({
      id: `${STUDIO_GAME.provider}:${roundId}`,
      game: STUDIO_GAME.identity,
      gameName: STUDIO_GAME.name,
      source: "thirdParty",
      provider: STUDIO_GAME.provider,
      currency: "EUR",
      status: "settled",
      stake: "2.00",
      payout: "5.00",
      multiplier: "2.50",
      createdAt: expect.any(String),
      settledAt: expect.any(String),
      verifiable: false,
      fairnessRoundId: null,
    });
    // The originals' event name and the history row, so one listener serves both; the session's
    // token lets the game page that launched it count the round in its session bar (P11).
    expect(await spinEvents(player.playerId)).toEqual([{ event: "bet.placebet", spin: row, sessionId: token }]);
    await expect(expectLedgerExact(server)).resolves.toEqual([]);
  });

  it("shows a round whose every bet was rolled back as voided, with the stake given back", async () => {
    const player = await fundedPlayer();
    const token = await studioToken(player);
    const roundId = nextId("round");
    const stake = money(token, roundId, { amount: "3.00" });
    await walletCall(server, "bet", stake);
    const rollback = { token, currency: "EUR", transactionId: nextId("rb"), referenceTransactionId: stake.transactionId, roundId, gameCode: STUDIO_GAME.aggregatorCode, roundClosed: true };
    expect((await walletCall(server, "rollback", rollback)).answer.status).toBe("OK");
    expect((await spins(player)).data[0]).toMatchObject({ status: "voided", stake: "3.00", payout: "3.00", multiplier: null });
    expect(await spinEvents(player.playerId)).toEqual([{ event: "bet.placebet", spin: expect.objectContaining({ status: "voided" }), sessionId: token }]);
  });
});

describe("spins history filters", () => {
  it("pages originals and studio rounds together, newest first, and filters by source, game, status, currency and dates", async () => {
    const player = await fundedPlayer();
    const dice = await sessionFor(server, player, "playfair-dice");
    const placed = await readJson(await bet(server, player, dice, { amount: "1.00", params: { target: "50.50", condition: "under" } }));
    await bet(server, player, await sessionFor(server, player, "playfair-limbo"), { amount: "1.00", params: { target: "2.00" } });
    const token = await studioToken(player);
    const studioRound = nextId("round");
    await walletCall(server, "bet", money(token, studioRound, { amount: "1.50", roundClosed: true }));

    const all = await spins(player);
    expect(all.meta).toMatchObject({ totalRows: 3 });
    expect(all.data.map((row) => row.game)).toEqual([STUDIO_GAME.identity, "playfair-limbo", "playfair-dice"]);
    expect(all.data[2]).toMatchObject({ id: placed.data.id, source: "original", provider: "playfair", gameName: "Dice", verifiable: true });

    const paged = await spins(player, "?perPage=2&page=2");
    expect(paged.meta).toEqual({ page: 2, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(paged.data.map((row) => row.game)).toEqual(["playfair-dice"]);

    expect((await spins(player, "?source=original")).data.map((row) => row.game)).toEqual(["playfair-limbo", "playfair-dice"]);
    expect((await spins(player, "?source=thirdParty")).data.map((row) => row.game)).toEqual([STUDIO_GAME.identity]);
    expect((await spins(player, "?game=playfair-dice")).data.map((row) => row.id)).toEqual([placed.data.id]);
    expect((await spins(player, `?game=${STUDIO_GAME.identity}&status=settled`)).meta.totalRows).toBe(1);
    expect((await spins(player, "?status=voided")).meta.totalRows).toBe(0);
    expect((await spins(player, "?currency=USD")).meta.totalRows).toBe(0);
    expect((await spins(player, "?currency=EUR")).meta.totalRows).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await spins(player, `?dateFrom=${today}&dateTo=${today}`)).meta.totalRows).toBe(3);
    expect((await spins(player, "?dateTo=2020-01-01")).meta.totalRows).toBe(0);

    // Another player sees none of these.
    expect((await spins(await newPlayer(server))).meta.totalRows).toBe(0);
  });

  it("refuses a filter outside its choices with the field named", async () => {
    const player = await newPlayer(server);
    const response = await server.request("/api/game/spins?status=won&source=elsewhere&dateFrom=yesterday", bearer(player));
    expect(response.status).toBe(422);
    expect(Object.keys((await readJson(response)).errors).sort()).toEqual(["dateFrom", "source", "status"]);
  });
});
