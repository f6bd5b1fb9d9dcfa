import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readJson } from "../../../../test/test-server.ts";
import { crashTestServer, placeBet } from "../crash/crash-test-kit.ts";
import { gameSessions } from "./game-play.schema.ts";
import { bet, cashOf, sessionFor } from "./game-play-test-kit.ts";

// One session lookup serves the originals' rounds and crash's bets: a session id of someone else,
// or of another game, answers as if it did not exist (ids cannot be probed), and a real-money
// session past its expiry takes no stake. None of these moves money.

const crash = crashTestServer();
const { fundedPlayer } = crash;
const DICE = { target: "50.50", condition: "under" };

async function refusal(response: Response): Promise<{ status: number; message: string }> {
  return { status: response.status, message: ((await readJson(response)) as { message: string }).message };
}

const MISSING = { status: 404, message: "This game session does not exist." };
const ENDED = { status: 404, message: "This game session has ended; launch the game again." };

describe("finding the game session a stake is placed in", () => {
  it("answers another player's session, and a session of another game, as one that does not exist", async () => {
    const owner = await fundedPlayer("10.00");
    const intruder = await fundedPlayer("10.00");
    const diceSession = await sessionFor(crash.server, owner, "playfair-dice");
    const crashSession = await sessionFor(crash.server, owner, "playfair-crash");

    expect(await refusal(await bet(crash.server, intruder, diceSession, { amount: "1.00", params: DICE }))).toEqual(MISSING);
    expect(await refusal(await placeBet(crash.server, intruder, crashSession, { amount: "1.00" }))).toEqual(MISSING);
    // The owner's own dice session is not a crash session.
    expect(await refusal(await placeBet(crash.server, owner, diceSession, { amount: "1.00" }))).toEqual(MISSING);
    expect(await refusal(await bet(crash.server, owner, "00000000-0000-4000-8000-000000000000", { amount: "1.00", params: DICE }))).toEqual(MISSING);

    expect(await cashOf(crash.server, owner)).toBe("10.00");
    expect(await cashOf(crash.server, intruder)).toBe("10.00");
  });

  it("takes no stake in a real-money session past its expiry, in the originals or in crash", async () => {
    const player = await fundedPlayer("10.00");
    const diceSession = await sessionFor(crash.server, player, "playfair-dice");
    const crashSession = await sessionFor(crash.server, player, "playfair-crash");
    const past = new Date(crash.clock.now().getTime() - 1000);
    for (const id of [diceSession, crashSession]) await crash.server.database.db.update(gameSessions).set({ expiresAt: past }).where(eq(gameSessions.id, id));

    expect(await refusal(await bet(crash.server, player, diceSession, { amount: "1.00", params: DICE }))).toEqual(ENDED);
    expect(await refusal(await placeBet(crash.server, player, crashSession, { amount: "1.00" }))).toEqual(ENDED);
    expect(await cashOf(crash.server, player)).toBe("10.00");
  });
});
