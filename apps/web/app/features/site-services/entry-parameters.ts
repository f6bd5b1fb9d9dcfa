// Query parameters read when a visitor enters the site (spec 2.4, 9):
//
//   ?stag=<tag>      affiliate tag. Kept in localStorage under `affiliateTag` as
//                    {"value","expiresAt"} for 86400 s x the configured days (default 30), and only
//                    when no unexpired tag is stored yet: the first affiliate to bring a visitor
//                    keeps the credit. The parameter is then removed from the address.
//   ?ref_id=<id>     referral programme id. Stays in the address (the registration form reads
//                    it) and is also kept, under the same first-come rule and lifetime, in
//                    localStorage under `referralId`, so a visitor who wanders off before signing up
//                    still registers with it.
//   ?preview=<token> preview mode; a non-empty token is kept in sessionStorage under
//                    `previewToken`, so the mode lasts for the tab.
//   ?botURL=<url>    messenger mini-app mode; the http(s) URL is kept in localStorage under `botURL`.
//
// Sign-up and messenger login read the affiliate tag and the referral id through
// readAffiliateTag() and readReferralId().
import { AFFILIATE_TAG_DAY_SECONDS, AFFILIATE_TAG_DEFAULT_DAYS } from "@playfair/contracts/constants";
import { BOT_URL_KEY } from "./entry-address.ts";
import { readItem, readJson, removeItem, storageArea, writeItem, type KeyValueStorage } from "./storage.ts";

export const AFFILIATE_TAG_KEY = "affiliateTag";
export const REFERRAL_ID_KEY = "referralId";
export const PREVIEW_TOKEN_KEY = "previewToken";

/** Spec 9: the affiliate tag lives 86400 seconds times the configured number of days. */
/** Longer values are not tags but noise (or abuse of the visitor's storage). */
const MAX_PARAMETER_LENGTH = 256;

type ExpiringRecord = { value: string; expiresAt: number };

type Stores = { local: KeyValueStorage | null; session: KeyValueStorage | null };

function browserStores(): Stores {
  return { local: storageArea("local"), session: storageArea("session") };
}

function cleanValue(raw: string | null): string | null {
  const value = raw?.trim() ?? "";
  if (value === "" || value.length > MAX_PARAMETER_LENGTH) return null;
  return value;
}

function isExpiringRecord(value: unknown): value is ExpiringRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.value === "string" && typeof record.expiresAt === "number";
}

/** The stored value while it has not expired; an expired or unreadable record is removed. */
function readExpiring(storage: KeyValueStorage | null, key: string, now: number): string | null {
  const record = readJson(storage, key);
  if (isExpiringRecord(record) && record.expiresAt > now) return record.value;
  if (readItem(storage, key) !== null) removeItem(storage, key);
  return null;
}

/** Stores the value unless an unexpired one is already there. Returns whether it was stored. */
function storeIfAbsent(storage: KeyValueStorage | null, key: string, value: string, lifetimeMs: number, now: number): boolean {
  if (readExpiring(storage, key, now) !== null) return false;
  const record: ExpiringRecord = { value, expiresAt: now + lifetimeMs };
  return writeItem(storage, key, JSON.stringify(record));
}

export function affiliateTagLifetimeMs(days: number): number {
  const usableDays = Number.isFinite(days) && days > 0 ? days : AFFILIATE_TAG_DEFAULT_DAYS;
  return usableDays * AFFILIATE_TAG_DAY_SECONDS * 1000;
}

/** The affiliate tag the visitor arrived with, while it is valid; null otherwise. */
export function readAffiliateTag(now = Date.now(), storage: KeyValueStorage | null = storageArea("local")): string | null {
  return readExpiring(storage, AFFILIATE_TAG_KEY, now);
}

/** The referral programme id (`ref_id`) the visitor arrived with, while it is valid; null otherwise. */
export function readReferralId(now = Date.now(), storage: KeyValueStorage | null = storageArea("local")): string | null {
  return readExpiring(storage, REFERRAL_ID_KEY, now);
}

function httpUrl(raw: string | null): string | null {
  const value = cleanValue(raw);
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export type EntryResult = {
  /** The search string to show instead of the current one (stag removed), or null to leave it. */
  replacementSearch: string | null;
  /** True when the address asks for preview mode (whether or not a token came with it). */
  previewRequested: boolean;
};

/**
 * Reads the entry parameters of `search` ("?stag=...&ref_id=...") into storage, following the
 * rules at the top of this file. Pure apart from the storages it is given (tests pass in-memory ones).
 */
export function applyEntryParameters(
  search: string,
  options: { affiliateTagDays: number; now?: number; stores?: Stores },
): EntryResult {
  const { local, session } = options.stores ?? browserStores();
  const now = options.now ?? Date.now();
  const params = new URLSearchParams(search);
  const lifetimeMs = affiliateTagLifetimeMs(options.affiliateTagDays);

  const tag = cleanValue(params.get("stag"));
  if (tag !== null) storeIfAbsent(local, AFFILIATE_TAG_KEY, tag, lifetimeMs, now);
  const referralId = cleanValue(params.get("ref_id"));
  if (referralId !== null) storeIfAbsent(local, REFERRAL_ID_KEY, referralId, lifetimeMs, now);

  const previewToken = cleanValue(params.get("preview"));
  if (previewToken !== null) writeItem(session, PREVIEW_TOKEN_KEY, previewToken);
  const botUrl = httpUrl(params.get("botURL"));
  if (botUrl !== null) writeItem(local, BOT_URL_KEY, botUrl);

  return { replacementSearch: searchWithoutAffiliateTag(search), previewRequested: params.has("preview") };
}

/** The search string without `stag`, or null when it has none (the address can stay as it is). */
export function searchWithoutAffiliateTag(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has("stag")) return null;
  params.delete("stag");
  const rest = params.toString();
  return rest === "" ? "" : `?${rest}`;
}
