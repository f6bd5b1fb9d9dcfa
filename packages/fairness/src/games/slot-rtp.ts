import { addRatios, multiplyRatios, ratio, subtractRatios, sumRatios, type Ratio } from "../exact.ts";
import { SLOT_FREE_SPIN_FACTOR, SLOT_FREE_SPINS, SLOT_MAX_FREE_SPINS, SLOT_REELS, SLOT_SCATTER_PAY, SLOT_SCATTER_REELS, linePay, showsScatter, type SlotSymbol } from "./slot.ts";

/**
 * The slot's exact RTP, enumerated from the strips with the game's own line and scatter rules.
 * Every line crosses each reel once and a reel's stop is uniform, so the symbol a line sees on a
 * reel has the strip's frequencies whatever the row: the expected pay of one line is a sum over
 * the 9^5 symbol combinations, and every line has the same. A free spin is the same spin at
 * double pay; by Wald's identity the free spins pay their expected number times one spin's value.
 */

function symbolChances(reel: number): Map<SlotSymbol, Ratio> {
  const strip = SLOT_REELS[reel] ?? [];
  const counts = new Map<SlotSymbol, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return new Map([...counts].map(([symbol, count]) => [symbol, ratio(count, strip.length)]));
}

/** Expected pay of one line, in line bets. */
export function expectedLinePay(): Ratio {
  const chances = SLOT_REELS.map((_, reel) => [...symbolChances(reel)]);
  let total = ratio(0n);
  const walk = (reel: number, symbols: SlotSymbol[], chance: Ratio) => {
    if (reel === SLOT_REELS.length) {
      const win = linePay(symbols);
      if (win) total = addRatios(total, multiplyRatios(chance, ratio(win.pay)));
      return;
    }
    for (const [symbol, symbolChance] of chances[reel] ?? []) walk(reel + 1, [...symbols, symbol], multiplyRatios(chance, symbolChance));
  };
  walk(0, [], ratio(1n));
  return total;
}

/** Chance that every scatter reel shows a scatter: each reel's stops counted one by one. */
export function triggerChance(): Ratio {
  return SLOT_SCATTER_REELS.map((reel) => {
    const length = SLOT_REELS[reel]?.length ?? 1;
    const showing = Array.from({ length }, (_, stop) => showsScatter(reel, stop)).filter(Boolean).length;
    return ratio(showing, length);
  }).reduce(multiplyRatios, ratio(1n));
}

/** Expected free spins played once triggered, retriggers and the cap included. */
export function expectedFreeSpins(trigger: Ratio): Ratio {
  // The spins still to come depend only on how many were played and how many are awarded.
  const memo = new Map<string, Ratio>();
  const expected = (played: number, awarded: number): Ratio => {
    if (played === awarded) return ratio(awarded);
    const key = `${played}:${awarded}`;
    const known = memo.get(key);
    if (known) return known;
    const retriggered = Math.min(awarded + SLOT_FREE_SPINS, SLOT_MAX_FREE_SPINS);
    const value = addRatios(multiplyRatios(trigger, expected(played + 1, retriggered)), multiplyRatios(subtractRatios(ratio(1n), trigger), expected(played + 1, awarded)));
    memo.set(key, value);
    return value;
  };
  return expected(0, SLOT_FREE_SPINS);
}

/** The whole game's RTP as a fraction of the stake. */
export function slotExactRtp(): Ratio {
  const trigger = triggerChance();
  // Each of the N lines pays E[line pay] line bets of stake / N: E[line pay] stakes in all.
  const lines = expectedLinePay();
  const spin = addRatios(lines, multiplyRatios(trigger, ratio(SLOT_SCATTER_PAY, 100)));
  const free = multiplyRatios(multiplyRatios(trigger, expectedFreeSpins(trigger)), multiplyRatios(spin, ratio(SLOT_FREE_SPIN_FACTOR)));
  return sumRatios([spin, free]);
}
