import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import { betOfSpot, SPOTS_BY_ID } from "./roulette-layout.ts";

// The chips on the table before a spin: exact amounts in minor units per spot, with the history
// Undo walks back. Every change returns a new slip (React state). Nothing here decides whether a
// stake is allowed: the server refuses what its bounds refuse, and the player sees its message.

export type Placement = Readonly<Record<string, bigint>>;
export type BetSlip = {
  /** Minor units on each spot; a spot with no chips is absent. */
  chips: Placement;
  /** Earlier states, newest last: what Undo restores. */
  history: readonly Placement[];
  /** What the last spin was played with: what Repeat puts back. */
  lastSpin: Placement | null;
};

export const EMPTY_SLIP: BetSlip = { chips: {}, history: [], lastSpin: null };

/** Most bets a spin takes (the engine's limit). */
export const MAX_BETS = 100;

function changed(slip: BetSlip, chips: Placement): BetSlip {
  return { ...slip, chips, history: [...slip.history, slip.chips] };
}

export function placeChip(slip: BetSlip, spotId: string, amountMinor: bigint): BetSlip {
  if (amountMinor <= 0n || !SPOTS_BY_ID.has(spotId)) return slip;
  if (!(spotId in slip.chips) && Object.keys(slip.chips).length >= MAX_BETS) return slip;
  return changed(slip, { ...slip.chips, [spotId]: (slip.chips[spotId] ?? 0n) + amountMinor });
}

export function undo(slip: BetSlip): BetSlip {
  if (slip.history.length === 0) return slip;
  return { ...slip, chips: slip.history[slip.history.length - 1]!, history: slip.history.slice(0, -1) };
}

export function clear(slip: BetSlip): BetSlip {
  if (Object.keys(slip.chips).length === 0) return slip;
  return changed(slip, {});
}

export function double(slip: BetSlip): BetSlip {
  if (Object.keys(slip.chips).length === 0) return slip;
  return changed(slip, Object.fromEntries(Object.entries(slip.chips).map(([id, amount]) => [id, amount * 2n])));
}

/** Puts back the last spin's chips (instead of what is on the table). */
export function repeatLast(slip: BetSlip): BetSlip {
  if (!slip.lastSpin) return slip;
  return changed(slip, slip.lastSpin);
}

/** After a spin: the chips stay on the table for the next one, and Repeat remembers them. */
export function afterSpin(slip: BetSlip): BetSlip {
  return { chips: slip.chips, history: [], lastSpin: slip.chips };
}

export function totalMinor(chips: Placement): bigint {
  return Object.values(chips).reduce((sum, amount) => sum + amount, 0n);
}

export function hasChips(slip: BetSlip): boolean {
  return Object.keys(slip.chips).length > 0;
}

export type RouletteBetRequest = ReturnType<typeof betOfSpot> & { amount: string };

/** The round request: the stake and each bet with its amount, which add up to it exactly. */
export function spinRequest(chips: Placement, subunitToUnit: string): { amount: string; params: { bets: RouletteBetRequest[] }; spotIds: string[] } {
  const spotIds = Object.keys(chips).filter((id) => SPOTS_BY_ID.has(id) && (chips[id] ?? 0n) > 0n);
  const bets = spotIds.map((id) => ({ ...betOfSpot(SPOTS_BY_ID.get(id)!), amount: fromMinorUnits(chips[id]!, subunitToUnit) }));
  return { amount: fromMinorUnits(totalMinor(chips), subunitToUnit), params: { bets }, spotIds };
}

/** A chip value ("0.50") in minor units of the currency. */
export function chipMinor(value: string, subunitToUnit: string): bigint {
  return toMinorUnits(value, subunitToUnit);
}

/** Chip values from the smallest stake the game takes: 1, 5, 10, 50 and 100 of it. */
export function chipValues(minStake: string, subunitToUnit: string): string[] {
  const base = toMinorUnits(minStake, subunitToUnit);
  return [1n, 5n, 10n, 50n, 100n].map((factor) => fromMinorUnits(base * factor, subunitToUnit));
}
