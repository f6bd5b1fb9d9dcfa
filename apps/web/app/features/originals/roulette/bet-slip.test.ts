import { parseRouletteParams, settleRoulette } from "@playfair/fairness/games/roulette";
import { describe, expect, it } from "vitest";
import { afterSpin, chipValues, clear, double, EMPTY_SLIP, MAX_BETS, placeChip, repeatLast, spinRequest, totalMinor, undo } from "./bet-slip.ts";
import { SPOTS, spotToward, winningSpotIds } from "./roulette-layout.ts";

describe("the bet slip", () => {
  it("adds chips to a spot, keeps the total exact and undoes one placement at a time", () => {
    let slip = placeChip(EMPTY_SLIP, "straight-17", 50n);
    slip = placeChip(slip, "straight-17", 10n);
    slip = placeChip(slip, "red", 100n);
    expect(slip.chips).toEqual({ "straight-17": 60n, red: 100n });
    expect(totalMinor(slip.chips)).toBe(160n);
    slip = undo(slip);
    expect(slip.chips).toEqual({ "straight-17": 60n });
    slip = undo(undo(slip));
    expect(slip.chips).toEqual({});
    expect(undo(slip)).toBe(slip);
  });

  it("clears and doubles as one step each, and Undo brings the earlier chips back", () => {
    let slip = placeChip(placeChip(EMPTY_SLIP, "dozen-2", 30n), "split-1-2", 5n);
    slip = double(slip);
    expect(slip.chips).toEqual({ "dozen-2": 60n, "split-1-2": 10n });
    slip = clear(slip);
    expect(totalMinor(slip.chips)).toBe(0n);
    expect(undo(slip).chips).toEqual({ "dozen-2": 60n, "split-1-2": 10n });
  });

  it("repeats the last spin's chips after the table was cleared", () => {
    const played = afterSpin(placeChip(EMPTY_SLIP, "odd", 25n));
    expect(repeatLast(clear(played)).chips).toEqual({ odd: 25n });
    expect(repeatLast(EMPTY_SLIP)).toBe(EMPTY_SLIP);
  });

  it("refuses unknown spots, empty chips and more bets than a spin takes", () => {
    expect(placeChip(EMPTY_SLIP, "split-1-5", 10n)).toBe(EMPTY_SLIP);
    expect(placeChip(EMPTY_SLIP, "red", 0n)).toBe(EMPTY_SLIP);
    let slip = EMPTY_SLIP;
    for (const spot of SPOTS.slice(0, MAX_BETS)) slip = placeChip(slip, spot.id, 1n);
    expect(placeChip(slip, SPOTS[MAX_BETS]!.id, 1n)).toBe(slip);
    expect(placeChip(slip, SPOTS[0]!.id, 1n).chips[SPOTS[0]!.id]).toBe(2n);
  });

  it("builds a request whose bet amounts add up to the stake, in the currency's decimals", () => {
    const slip = placeChip(placeChip(EMPTY_SLIP, "red", 150n), "straight-17", 50n);
    const request = spinRequest(slip.chips, "100");
    expect(request.amount).toBe("2.00");
    expect(request.params.bets).toEqual([
      { kind: "red", amount: "1.50" },
      { kind: "straight", numbers: [17], amount: "0.50" },
    ]);
  });

  it("offers chips of 1, 5, 10, 50 and 100 times the smallest stake", () => {
    expect(chipValues("0.10", "100")).toEqual(["0.10", "0.50", "1.00", "5.00", "10.00"]);
  });
});

describe("the table's spots", () => {
  it("are each a bet the engine accepts, covering what the spot shows", () => {
    const request = spinRequest(Object.fromEntries(SPOTS.map((spot) => [spot.id, 1n])), "100");
    // The engine takes at most 100 bets a spin, so check them in two spins.
    for (const bets of [request.params.bets.slice(0, 100), request.params.bets.slice(100)]) {
      const params = parseRouletteParams({ bets });
      const settled = settleRoulette(17, params);
      expect(settled.bets.length).toBe(bets.length);
    }
    expect(SPOTS.length).toBe(37 + 60 + 14 + 23 + 11 + 12);
    expect(new Set(SPOTS.map((spot) => spot.id)).size).toBe(SPOTS.length);
  });

  it("name the bets that win on the server's pocket", () => {
    expect(winningSpotIds(17, ["straight-17", "red", "black", "odd", "dozen-2", "column-2", "split-17-20", "corner-13-14-16-17"]).sort()).toEqual(
      ["black", "column-2", "corner-13-14-16-17", "dozen-2", "odd", "split-17-20", "straight-17"].sort(),
    );
    expect(winningSpotIds(0, ["red", "black", "low", "straight-0", "split-0-2"])).toEqual(["straight-0", "split-0-2"]);
  });

  it("are walked with the arrow keys as the table is seen, across and upright", () => {
    expect(spotToward("straight-1", "right", "across")).toBe("split-1-4");
    expect(spotToward("split-1-4", "right", "across")).toBe("straight-4");
    expect(spotToward("straight-1", "up", "across")).toBe("split-1-2");
    expect(spotToward("straight-3", "up", "across")).toBe("straight-3");
    expect(spotToward("straight-1", "left", "across")).toBe("split-0-1");
    expect(spotToward("straight-1", "down", "across")).toBe("street-1-2-3");
    // Upright, zero is on top and 1, 2, 3 read left to right under it.
    expect(spotToward("straight-1", "right", "upright")).toBe("split-1-2");
    expect(spotToward("straight-1", "down", "upright")).toBe("split-1-4");
    expect(spotToward("straight-1", "up", "upright")).toBe("split-0-1");
  });
});
