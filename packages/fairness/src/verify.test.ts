import { describe, expect, it } from "vitest";
import { FloatStream, seedHash } from "./bytes.ts";
import { standingActions } from "./games/blackjack.ts";
import { buildChain, crashPoint } from "./games/crash.ts";
import { InvalidBetError } from "./games/params.ts";
import { ALGORITHM_VERSION, GAME_IDS, isGameId, playRound, verifyRound, type GameId, type GameOutcome } from "./verify.ts";

const SERVER_SEED = "5c1f0d8e9b7a6c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d";
const CLIENT_SEED = "lucky-player";

const PARAMS: Record<GameId, unknown> = {
  dice: { target: "49.50", condition: "under" },
  limbo: { target: "2.00" },
  roulette: { bets: [{ kind: "straight", numbers: [17] }, { kind: "red" }, { kind: "dozen", which: 2 }] },
  plinko: { rows: 16, risk: "high" },
  mines: { mines: 3, reveals: [12] },
  keno: { picks: [3, 7, 11, 19, 23, 31, 40], risk: "medium" },
  slot: {},
  crash: { target: "1.50" },
  blackjack: { actions: [] },
};
/** Blackjack reads as many floats as it deals cards, which its outcome counts. */
const FLOATS_USED: Record<Exclude<GameId, "blackjack">, number> = { dice: 1, limbo: 1, roulette: 1, plinko: 16, mines: 3, keno: 10, slot: 5, crash: 1 };

function roundOf(game: GameId, nonce: number) {
  if (game === "blackjack") {
    // Stand on every hand: the actions that end this nonce's round.
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce };
    return { ...seeds, params: { actions: standingActions(() => new FloatStream(seeds), []) }, algorithmVersion: ALGORITHM_VERSION };
  }
  if (game === "crash") return { serverSeed: buildChain(SERVER_SEED, 1)[0] as string, clientSeed: "public-salt", nonce: 0, params: PARAMS.crash, algorithmVersion: ALGORITHM_VERSION };
  return { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce, params: PARAMS[game], algorithmVersion: ALGORITHM_VERSION };
}

describe("verifying a round (F3)", () => {
  it.each(GAME_IDS)("%s: the verifier recomputes exactly what settlement stored, from the revealed seed", (game) => {
    for (const nonce of [0, 1, 2, 41]) {
      const settled = playRound(game, roundOf(game, nonce));
      const verified = verifyRound(game, { ...roundOf(game, nonce), serverSeedHash: settled.serverSeedHash });
      expect(verified).toEqual(settled);
      expect(settled.floatsUsed).toBe(game === "blackjack" ? (settled.outcome as GameOutcome<"blackjack">).cardsDealt : FLOATS_USED[game]);
      expect(settled.serverSeedHash).toBe(seedHash(roundOf(game, nonce).serverSeed));
      // A round stored as JSON verifies the same.
      expect(JSON.parse(JSON.stringify(settled.outcome))).toEqual(verified.outcome);
    }
  });

  it("reads the published known-answer stream: dice with server seed def, client seed abc", () => {
    const dice = (nonce: number) => playRound("dice", { serverSeed: "def", clientSeed: "abc", nonce, params: { target: "50", condition: "over" }, algorithmVersion: 1 }).outcome.roll;
    expect(dice(0)).toBe(8321);
    expect(dice(1)).toBe(4305);
  });

  it("reads from the block the cursor names", () => {
    const params = { rows: 8, risk: "low" };
    const fromSecondBlock = playRound("plinko", { serverSeed: "def", clientSeed: "abc", nonce: 0, cursor: 1, params, algorithmVersion: 1 });
    // Round 1 of the known answers starts 0.9694579634815454, 0.5364481415599585: right, right.
    expect(fromSecondBlock.outcome.path.slice(0, 2)).toEqual([1, 1]);
    expect(fromSecondBlock.outcome).not.toEqual(playRound("plinko", { serverSeed: "def", clientSeed: "abc", nonce: 0, params, algorithmVersion: 1 }).outcome);
  });

  it("blackjack: replays a round from the seeds and the player's actions, and refuses actions the rules do not allow", () => {
    // Find a nonce whose first hand is a pair, then split it and stand on both hands.
    let nonce = 0;
    const seedsOf = (candidate: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: candidate });
    const dealt = (candidate: number) => playRound("blackjack", { ...seedsOf(candidate), params: { actions: standingActions(() => new FloatStream(seedsOf(candidate)), []) }, algorithmVersion: 1 }).outcome;
    while (!dealt(nonce).hands[0]!.cards.every((card, _, cards) => card.rank === cards[0]!.rank) || dealt(nonce).cardsDealt === 4) nonce += 1;
    const actions = standingActions(() => new FloatStream(seedsOf(nonce)), ["split"]);
    const settled = playRound("blackjack", { ...seedsOf(nonce), params: { actions }, algorithmVersion: 1 });
    expect(settled.outcome).toMatchObject({ finished: true, stakes: 2 });
    expect(settled.outcome.hands).toHaveLength(2);
    expect(verifyRound("blackjack", { ...seedsOf(nonce), params: { actions }, algorithmVersion: 1, serverSeedHash: settled.serverSeedHash })).toEqual(settled);
    expect(() => playRound("blackjack", { ...seedsOf(nonce), params: { actions: ["split"] }, algorithmVersion: 1 })).toThrow(InvalidBetError);
    expect(() => playRound("blackjack", { ...seedsOf(nonce), params: { actions: [...actions, "hit"] }, algorithmVersion: 1 })).toThrow(InvalidBetError);
  });

  it("gives a crash round the point its chain hash and salt give", () => {
    const round = roundOf("crash", 0);
    expect(playRound("crash", round).outcome.result).toBe(crashPoint(round.serverSeed, round.clientSeed));
    expect(() => playRound("crash", { ...round, nonce: 1 })).toThrow(InvalidBetError);
  });

  it("refuses a revealed seed that does not match the round's committed hash", () => {
    const settled = playRound("dice", roundOf("dice", 0));
    expect(() => verifyRound("dice", { ...roundOf("dice", 0), serverSeed: `${SERVER_SEED}0`, serverSeedHash: settled.serverSeedHash })).toThrow(/does not match/);
    expect(verifyRound("dice", { ...roundOf("dice", 0), serverSeedHash: settled.serverSeedHash.toUpperCase() })).toEqual(settled);
  });

  it("refuses an algorithm version it does not know and parameters outside the rules", () => {
    expect(() => playRound("dice", { ...roundOf("dice", 0), algorithmVersion: 2 })).toThrow(InvalidBetError);
    expect(() => playRound("keno", { ...roundOf("keno", 0), params: { picks: [0], risk: "low" } })).toThrow(InvalidBetError);
    expect(isGameId("dice")).toBe(true);
    expect(isGameId("toString")).toBe(false);
  });

  it("depends on nothing but the round's seeds and parameters: other rounds played in between change nothing (P10)", () => {
    const alone = playRound("keno", roundOf("keno", 7));
    playRound("mines", { ...roundOf("mines", 3), serverSeed: "another server seed" });
    playRound("dice", { ...roundOf("dice", 9), clientSeed: "someone else" });
    expect(playRound("keno", roundOf("keno", 7))).toEqual(alone);
  });
});
