// What every page needs of the entry parameters (entry-parameters.ts has the rules): whether the
// address a visitor arrived with carries one, and the stored bot URL the messenger-mode check
// reads. The rules themselves load only for an address that carries a parameter, and whatever reads
// what they store before acting (the session layer) waits for them through entryParametersStored().
import type { EntryResult } from "./entry-parameters.ts";
import { readItem, storageArea, type KeyValueStorage } from "./storage.ts";

export const BOT_URL_KEY = "botURL";

/** The query parameters entry-parameters.ts reads. */
const ENTRY_PARAMETERS = ["stag", "ref_id", "preview", "botURL"] as const;

let stored: Promise<unknown> = Promise.resolve();

/** Whether the search string ("?stag=...") carries any entry parameter. */
export function carriesEntryParameter(search: string): boolean {
  const params = new URLSearchParams(search);
  return ENTRY_PARAMETERS.some((name) => params.has(name));
}

/** The messenger bot URL, when the site runs as a messenger mini-app. */
export function readBotUrl(storage: KeyValueStorage | null = storageArea("local")): string | null {
  return readItem(storage, BOT_URL_KEY);
}

/**
 * Stores the entry parameters of `search` (the arrival address), loading their rules only when it
 * carries one; resolves to what applyEntryParameters() answered, or null when there was nothing.
 */
export function storeEntryParameters(search: string, options: { affiliateTagDays: number }): Promise<EntryResult | null> {
  if (!carriesEntryParameter(search)) return Promise.resolve(null);
  const result = import("./entry-parameters.ts").then(({ applyEntryParameters }) => applyEntryParameters(search, options));
  // A failed load stores nothing, and must not hold up whoever waits.
  stored = result.catch(() => undefined);
  return result;
}

/** Settles once the arrival address's entry parameters are stored (at once when there were none). */
export function entryParametersStored(): Promise<unknown> {
  return stored;
}
