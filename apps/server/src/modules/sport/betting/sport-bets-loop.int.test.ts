import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../../test/test-server.ts";
import { fund, newPlayer, startPlayServer } from "../../game/play/game-play-test-kit.ts";
import { insertEvent, LIVE_DELAY_MS, placedBet, producersUp, selection, slip, sportsbookToken, testClock } from "./betting-test-kit.ts";

// The live delay's loop, run by the service's lifecycle as in production: it decides a pending
// bet once the delay has passed on the server's clock, with no call from outside.

const clock = testClock();
let server: TestServer;

beforeAll(async () => {
  server = await startPlayServer({ now: clock.now, env: { SPORT_LIVE_DELAY_MS: String(LIVE_DELAY_MS), SPORT_BET_LOOP_ENABLED: "true" } });
  await producersUp(server);
});

afterAll(async () => {
  await server?.close();
});

describe("the live delay's loop", () => {
  it("accepts a pending live bet by itself once the delay has passed", async () => {
    const player = await newPlayer(server);
    await fund(server, player.playerId, "100.00");
    const bettor = { ...player, token: await sportsbookToken(server, player) };
    const eventId = await insertEvent(server, clock, { live: true });
    const bet = await placedBet(server, bettor, slip([selection(eventId, "1", "2.00")]));
    expect(bet.status).toBe("pending");
    clock.advance(LIVE_DELAY_MS);
    await expect.poll(async () => (await server.app.services.sportBetting.openBets(player.playerId)).find((open) => open.id === bet.id)?.status, { timeout: 5000, interval: 100 }).toBe("accepted");
  });
});
