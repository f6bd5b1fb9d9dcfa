import { describe, expect, it } from "vitest";
import { ballPath, BOARD_WIDTH, pegs, slotCenter } from "./plinko-board.ts";

describe("the plinko ball's path", () => {
  it("falls onto a peg in every row and comes to rest above the slot the round's steps count", () => {
    const path = [1, 0, 1, 1, 0, 1, 1, 0];
    const points = ballPath(path, 7);
    const slot = path.reduce((sum, step) => sum + step, 0);
    expect(points).toHaveLength(path.length + 2);
    expect(points[0]).toEqual({ x: BOARD_WIDTH / 2, y: 0 });
    const pegXs = new Set(pegs(path.length).map((peg) => peg.x.toFixed(6)));
    for (const point of points.slice(1, -1)) expect(pegXs.has(point.x.toFixed(6))).toBe(true);
    expect(points.at(-1)!.x).toBeCloseTo(slotCenter(path.length, slot).x);
    expect(points.at(-1)!.y).toBeLessThan(slotCenter(path.length, slot).y);
  });

  it("lands all lefts in the first slot and all rights in the last", () => {
    expect(ballPath([0, 0, 0, 0, 0, 0, 0, 0], 7).at(-1)!.x).toBeCloseTo(slotCenter(8, 0).x);
    expect(ballPath(Array(16).fill(1), 7).at(-1)!.x).toBeCloseTo(slotCenter(16, 16).x);
  });
});
