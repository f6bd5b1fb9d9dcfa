import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../../test/test-server.ts";
import type { RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { act, bearer, bet, cashOf, fund, newPlayer, sessionFor, startPlayServer } from "./game-play-test-kit.ts";
import { gameRounds } from "./game-play.schema.ts";

// A round left open (a mines board mid-play) comes back after a reload: the page launches again,
// which opens a new session, and asks for the open round; it answers the board so far (never the
// mines), and the player finishes it in the round's own session.

let server: TestServer;

beforeAll(async () => {
  server = await startPlayServer();
});

afterAll(async () => {
  await server?.close();
});

async function fundedPlayer(amount = "10.00"): Promise<RegisteredPlayer> {
  const player = await newPlayer(server);
  await fund(server, player.playerId, amount);
  return player;
}

async function safeTile(roundId: string): Promise<number> {
  const [row] = await server.database.db.select({ hidden: gameRounds.hidden }).from(gameRounds).where(eq(gameRounds.id, roundId));
  const mines = (row!.hidden as { minePositions: number[] }).minePositions;
  return Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile))!;
}

async function openRound(player: RegisteredPlayer | null, sessionId: string) {
  return server.request(`/api/game/originals/${sessionId}/open-round`, bearer(player));
}

describe("the open round after a reload", () => {
  it("answers a real mines board left open to the player's next launch, without the mines, and it is cashed out in its own session", async () => {
    const player = await fundedPlayer();
    const firstSession = await sessionFor(server, player, "playfair-mines");
    const started = await readJson(await bet(server, player, firstSession, { amount: "2.00", params: { mines: 3 } }));
    const tile = await safeTile(started.data.id);
    expect((await act(server, player, firstSession, started.data.id, { action: "reveal", tile })).status).toBe(200);

    // The reload: a new launch, a new session.
    const reloaded = await sessionFor(server, player, "playfair-mines");
    expect(reloaded).not.toBe(firstSession);
    const answer = await openRound(player, reloaded);
    expect(answer.status).toBe(200);
    const body = await readJson(answer);
    expect(body).toEqual({
      data: expect.objectContaining({ id: started.data.id, sessionId: firstSession, status: "open", stake: "2.00", params: { mines: 3, reveals: [tile] }, outcome: { steps: [{ tile, safe: true, multiplier: "1.12" }], nextMultiplier: "1.28" } }),
      balance: null,
    });
    expect(JSON.stringify(body)).not.toContain("minePositions");

    const cashed = await readJson(await act(server, player, body.data.sessionId, body.data.id, { action: "cashout" }));
    expect(cashed.data).toMatchObject({ status: "settled", payout: "2.24" });
    expect(await cashOf(server, player)).toBe("10.24");
    expect(await readJson(await openRound(player, reloaded))).toEqual({ data: null, balance: null });
  });

  it("shows nobody else's round: another player's session answers their own (none), and the player's session is not found for them", async () => {
    const owner = await fundedPlayer();
    const ownerSession = await sessionFor(server, owner, "playfair-mines");
    expect((await bet(server, owner, ownerSession, { amount: "1.00", params: { mines: 3 } })).status).toBe(201);
    const other = await fundedPlayer();
    const otherSession = await sessionFor(server, other, "playfair-mines");
    expect(await readJson(await openRound(other, otherSession))).toEqual({ data: null, balance: null });
    expect((await openRound(other, ownerSession)).status).toBe(404);
    expect((await openRound(null, ownerSession)).status).toBe(404);
    // Another game's session of the owner does not pick up the mines board.
    expect((await readJson(await openRound(owner, await sessionFor(server, owner, "playfair-dice")))).data).toBeNull();
  });

  it("answers a demo session's open board with its play-money balance", async () => {
    const sessionId = await sessionFor(server, null, "playfair-mines", { demo: true });
    const started = await readJson(await bet(server, null, sessionId, { amount: "5.00", params: { mines: 2 } }));
    const tile = await safeTile(started.data.id);
    await act(server, null, sessionId, started.data.id, { action: "reveal", tile });
    const body = await readJson(await openRound(null, sessionId));
    expect(body).toMatchObject({ data: { id: started.data.id, sessionId, demo: true, currency: "FUN", outcome: { steps: [{ tile, safe: true }] } }, balance: "995.00" });
    const otherDemo = await sessionFor(server, null, "playfair-mines", { demo: true });
    expect(await readJson(await openRound(null, otherDemo))).toEqual({ data: null, balance: "1000.00" });
  });
});
