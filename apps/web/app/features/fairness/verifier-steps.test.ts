import { createHmac, createHash } from "node:crypto";
import { ALGORITHM_VERSION, buildChain, crashPoint, playRound } from "@playfair/fairness";
import { describe, expect, it } from "vitest";
import { DEFAULT_FIELDS, manualParams, verifierGameOf, VERIFIER_GAMES } from "./verifier-games.ts";
import { compute, sameJson, VerifierInputError, verifyCrash, verifyRecord } from "./verifier-steps.ts";

// The verifier page's step-by-step view: every step must be what an outside tool computes by hand
// (Node's own HMAC and SHA-256 here), and the outcome what the server settled.

const SEEDS = { serverSeed: "def", clientSeed: "abc", nonce: 0, cursor: 0 };

function nodeFloat(hex: string, index: number): number {
  const bytes = Buffer.from(hex, "hex").subarray(index * 4, index * 4 + 4);
  return bytes[0]! / 256 + bytes[1]! / 256 ** 2 + bytes[2]! / 256 ** 3 + bytes[3]! / 256 ** 4;
}

describe("the step-by-step computation", () => {
  it("shows the HMAC block, the floats of the published known answer and the dice roll they make", () => {
    const result = compute({ ...SEEDS, game: "dice", params: manualParams("dice", DEFAULT_FIELDS.dice) });
    const hex = createHmac("sha256", "def").update("abc:0:0").digest("hex");
    expect(result.blocks).toEqual([{ round: 0, message: "abc:0:0", hex }]);
    expect(result.floats[0]).toEqual({ index: 0, round: 0, bytes: hex.slice(0, 8), value: "0.8320531346835196" });
    expect(result.serverSeedHash).toBe(createHash("sha256").update("def").digest("hex"));
    expect(result.hashMatches).toBeNull();
    // floor(0.8320531346835196 x 10001) = 8321 -> 83.21, over the under-50.50 target: a loss.
    expect(result.conversions).toEqual([{ key: "dice", values: { float: "0.8320531346835196", index: 8321, roll: "83.21" } }]);
    expect(result.result).toEqual([
      { key: "diceUnder", values: { roll: "83.21", target: "50.50" } },
      { key: "loss", values: {} },
      { key: "payout", values: { multiplier: "0" } },
    ]);
  });

  it("says whether SHA-256 of the server seed is the committed hash", () => {
    const committed = createHash("sha256").update("def").digest("hex");
    expect(compute({ ...SEEDS, game: "limbo", params: { target: "2.00" }, committedHash: committed.toUpperCase() }).hashMatches).toBe(true);
    expect(compute({ ...SEEDS, game: "limbo", params: { target: "2.00" }, committedHash: "0".repeat(64) }).hashMatches).toBe(false);
  });

  it("reads a second HMAC block when a game needs more than eight floats, and every float is the bytes' value", () => {
    const result = compute({ ...SEEDS, game: "keno", params: manualParams("keno", DEFAULT_FIELDS.keno) });
    expect(result.blocks.map((block) => block.message)).toEqual(["abc:0:0", "abc:0:1"]);
    expect(result.floats).toHaveLength(10);
    result.floats.forEach((row, index) => {
      const block = result.blocks[Math.floor(index / 8)]!;
      expect(Number(row.value)).toBe(nodeFloat(block.hex, index % 8));
    });
    // Each draw picks among the numbers still left: 40, 39, ... 31.
    expect(result.conversions.map((step) => step.values.left)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
    const drawn = (result.outcome as { drawn: number[] }).drawn;
    expect(result.conversions.map((step) => step.values.number)).toEqual(drawn);
  });

  it("starts at the cursor's block", () => {
    const result = compute({ ...SEEDS, cursor: 3, game: "roulette", params: { bets: [{ kind: "red" }] } });
    expect(result.blocks[0]?.message).toBe("abc:0:3");
    expect(result.conversions[0]).toMatchObject({ key: "roulette", values: { pocket: (result.outcome as { pocket: number }).pocket } });
  });

  it("places mines among the free tiles with their row and column, plinko rows left and right, slot stops per reel, and deals cards", () => {
    const mines = compute({ ...SEEDS, game: "mines", params: manualParams("mines", { mines: "3", reveals: "0" }) });
    expect(mines.conversions.map((step) => step.values.free)).toEqual([25, 24, 23]);
    const placed = (mines.outcome as { minePositions: number[] }).minePositions;
    expect(mines.conversions.map((step) => step.values.tile)).toEqual(placed);
    const first = mines.conversions[0]!.values;
    expect([first.row, first.column]).toEqual([Math.floor(placed[0]! / 5) + 1, (placed[0]! % 5) + 1]);

    const plinko = compute({ ...SEEDS, game: "plinko", params: { rows: 8, risk: "low" } });
    const path = (plinko.outcome as { path: number[] }).path;
    expect(plinko.conversions.map((step) => (step.key === "plinkoRight" ? 1 : 0))).toEqual(path);

    const slot = compute({ ...SEEDS, game: "slot", params: {} });
    expect(slot.conversions.slice(0, 5).map((step) => step.values.stop)).toEqual((slot.outcome as { spins: { stops: number[] }[] }).spins[0]!.stops);

    const cards = compute({ ...SEEDS, game: "cards", params: { count: 3 } });
    expect(cards.conversions).toHaveLength(3);
    // 0.832... x 52 = 43.26 -> index 43: rank 43 / 4 = 10 (Q), suit 43 % 4 = 3 (clubs).
    expect(cards.conversions[0]?.values).toMatchObject({ index: 43, label: "Q♣" });
    expect(cards.result[0]?.values.cards).toMatch(/^Q♣ /);
  });

  it("turns refused inputs into a verifier error instead of throwing anything else", () => {
    expect(() => compute({ ...SEEDS, game: "dice", params: { target: "99.99", condition: "under" } })).toThrow(VerifierInputError);
    expect(() => compute({ ...SEEDS, game: "keno", params: manualParams("keno", { picks: "1, x", risk: "low" }) })).toThrow(VerifierInputError);
    expect(() => compute({ ...SEEDS, game: "cards", params: { count: 53 } })).toThrow(VerifierInputError);
    expect(() => compute({ ...SEEDS, clientSeed: "a:b", game: "slot", params: {} })).toThrow(VerifierInputError);
  });

  it("computes every game of the form with its default fields", () => {
    for (const game of VERIFIER_GAMES) expect(() => compute({ ...SEEDS, game, params: manualParams(game, DEFAULT_FIELDS[game]) }), game).not.toThrow();
  });
});

describe("verifying a stored round", () => {
  const serverSeed = "a".repeat(64);
  const settled = playRound("limbo", { serverSeed, clientSeed: "player", nonce: 7, cursor: 0, params: { target: "1.50" }, algorithmVersion: ALGORITHM_VERSION });
  const record = {
    fairnessGame: "limbo" as const,
    serverSeed,
    serverSeedHash: settled.serverSeedHash,
    clientSeed: "player",
    nonce: 7,
    cursor: 0,
    algorithmVersion: ALGORITHM_VERSION,
    params: { target: "1.50" },
    outcome: JSON.parse(JSON.stringify(settled.outcome)) as unknown,
  };

  it("is verified when the seed matches its hash and the recomputed outcome is the stored one", () => {
    expect(verifyRecord(record)).toMatchObject({ hashMatches: true, outcomeMatches: true, verified: true });
  });

  it("is not verified when the stored outcome differs or the seed is not the committed one", () => {
    expect(verifyRecord({ ...record, outcome: { ...(record.outcome as object), result: 1 } })).toMatchObject({ outcomeMatches: false, verified: false });
    expect(verifyRecord({ ...record, serverSeedHash: "f".repeat(64) })).toMatchObject({ hashMatches: false, verified: false });
  });

  it("compares outcomes key order aside", () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it("knows which stored games the page can recompute", () => {
    expect(verifierGameOf("mines")).toBe("mines");
    expect(verifierGameOf("crash")).toBeNull();
    expect(verifierGameOf("cards")).toBeNull();
  });
});

describe("a crash round's check", () => {
  const chain = buildChain("a crash chain's secret seed", 6);
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const commitment = sha256(chain[0]!);
  const salt = "0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c";
  const record = (position: number) => ({ hash: chain[position - 1]!, salt, commitment, chainLength: 6, position, crashPoint: (crashPoint(chain[position - 1]!, salt) / 100).toFixed(2) });

  it("places the round's hash at its position in the committed chain and recomputes its point from hash and salt", () => {
    const verdict = verifyCrash(record(4));
    expect(verdict).toMatchObject({ verified: true, foundPosition: 4, positionMatches: true, pointMatches: true, point: record(4).crashPoint });
    expect(verdict.block).toEqual({ round: 0, message: `${salt}:0:0`, hex: createHmac("sha256", chain[3]!).update(`${salt}:0:0`).digest("hex") });
    expect(verdict.conversion).toEqual({ key: "limbo", values: { float: verdict.float.value, result: record(4).crashPoint } });
  });

  it("fails a stored point the hash does not give, a wrong position and a hash outside the chain", () => {
    expect(verifyCrash({ ...record(2), crashPoint: "1000.00" })).toMatchObject({ verified: false, positionMatches: true, pointMatches: false });
    expect(verifyCrash({ ...record(2), position: 3 })).toMatchObject({ verified: false, foundPosition: 2, positionMatches: false });
    expect(verifyCrash({ ...record(2), hash: sha256("not in the chain") })).toMatchObject({ verified: false, foundPosition: null });
  });
});
