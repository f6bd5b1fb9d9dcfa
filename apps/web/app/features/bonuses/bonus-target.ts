// What a bonus modal is about. Their address parameters only say "true" (spec 2.4), so the card
// leaves the chosen bonus, free spins or package step here before opening one; kept in
// sessionStorage so a reload of an open modal still knows what it shows.
import { readJson, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";

const STORAGE_KEY = "bonusTarget";

export type BonusTarget = { kind: "bonus"; id: string } | { kind: "freespin"; id: string } | { kind: "packageStep"; step: number; currency: string };

function isTarget(value: unknown): value is BonusTarget {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.kind === "bonus" || record.kind === "freespin") return typeof record.id === "string";
  return record.kind === "packageStep" && typeof record.step === "number" && typeof record.currency === "string";
}

export function rememberBonusTarget(target: BonusTarget): void {
  writeItem(storageArea("session"), STORAGE_KEY, JSON.stringify(target));
}

export function readBonusTarget(): BonusTarget | null {
  const value = readJson(storageArea("session"), STORAGE_KEY);
  return isTarget(value) ? value : null;
}

export function forgetBonusTarget(): void {
  removeItem(storageArea("session"), STORAGE_KEY);
}
