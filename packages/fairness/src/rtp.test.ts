import { describe, expect, it } from "vitest";
import { formatPercent } from "./exact.ts";
import { DECLARED_RTP } from "./rtp.ts";
import { GAME_IDS } from "./verify.ts";

describe("declared RTPs", () => {
  it("names one for every game, as the catalogue shows them", () => {
    expect(Object.keys(DECLARED_RTP).sort()).toEqual([...GAME_IDS].sort());
    expect(Object.fromEntries(GAME_IDS.map((game) => [game, formatPercent(DECLARED_RTP[game])]))).toEqual({
      dice: "99.00",
      limbo: "99.00",
      roulette: "97.29",
      plinko: "99.00",
      mines: "99.00",
      keno: "99.00",
      slot: "96.04",
      crash: "99.00",
      blackjack: "99.30",
    });
  });
});
