// What the limit modals are about. Their address parameters only say "true" (spec 2.4), so the
// page leaves the chosen limit (or kind of limit) here before opening one, and edit-limit leaves
// the new amount for confirm-limit-update. Kept in sessionStorage so a reload of an open modal
// still knows what it asks about.
import type { Limit } from "@playfair/contracts/player/limits";
import { readJson, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";

const STORAGE_KEY = "limitDraft";

export type LimitDraft = {
  /** The kind of limit add-limit starts with (LIMIT_DEFINITION). */
  definition?: number;
  /** The limit edit-limit, confirm-limit-update and confirm-delete-limit are about. */
  limit?: Limit;
  /** The change confirm-limit-update asks about. */
  next?: { amount: string; period: number };
};

function isDraft(value: unknown): value is LimitDraft {
  return typeof value === "object" && value !== null;
}

export function rememberLimitDraft(draft: LimitDraft): void {
  writeItem(storageArea("session"), STORAGE_KEY, JSON.stringify(draft));
}

export function readLimitDraft(): LimitDraft {
  const value = readJson(storageArea("session"), STORAGE_KEY);
  return isDraft(value) ? value : {};
}

export function forgetLimitDraft(): void {
  removeItem(storageArea("session"), STORAGE_KEY);
}
