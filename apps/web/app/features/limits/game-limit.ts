// The "game limit reached" modal (spec 2.4): a stake the limits refused (P3) says which limit and
// links to the limits page; a stake over the cap of the player's country (P11) says the cap in the
// stake's currency. Whatever places stakes (an original's interface, the game page) calls
// openGameLimitReached with the refusal; the modal reads it back.
import { parseValidationMessage } from "@playfair/contracts/validation/parse-message";
import { readItem, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

/**
 * The refusal reasons the limits module answers (apps/server/src/modules/limits): the player's own
 * limits and restricted mode, then the jurisdiction's stake cap (a stake over it, or a game whose
 * smallest stake is over it, refused at launch).
 */
export const GAME_LIMIT_REASONS = ["betLimitReached", "lossLimitReached", "selfExcluded", "coolingOff", "stakeCapExceeded", "stakeCapBelowMinimum"] as const;
export type GameLimitReason = (typeof GAME_LIMIT_REASONS)[number];

/** The jurisdiction's reasons: the player's own limits page cannot change them. */
export const JURISDICTION_LIMIT_REASONS: readonly GameLimitReason[] = ["stakeCapExceeded", "stakeCapBelowMinimum"];

type Money = { amount: string; currency: string };

/** A refusal as the modal tells it: the reason, and for the jurisdiction's the cap (and the game's smallest stake). */
export type GameLimit = { reason: GameLimitReason; cap?: Money; minimum?: Money };

const STORAGE_KEY = "gameLimitReached";

type Opener = () => void;
let opener: Opener | null = null;

/** The game page lends its modal opener while it is shown (useModal's openModal). */
export function registerGameLimitOpener(next: Opener | null): void {
  opener = next;
}

export function isGameLimitReason(value: unknown): value is GameLimitReason {
  return typeof value === "string" && (GAME_LIMIT_REASONS as readonly string[]).includes(value);
}

/** "2.35 EUR" (how the server's messages name an amount) as an amount and its currency. */
function moneyOf(text: string | undefined): Money | undefined {
  const match = /^(\d+(?:\.\d+)?) ([A-Z0-9]{2,12})$/.exec(text?.trim() ?? "");
  return match ? { amount: match[1]!, currency: match[2]! } : undefined;
}

/**
 * The refusal for a reason and the server's English message (a refused stake's field message, or
 * `game.bet.restricted`'s message): the cap and the smallest stake are read back from the message.
 */
export function gameLimitOf(reason: GameLimitReason, message: string | undefined): GameLimit {
  const parsed = message ? parseValidationMessage(message) : undefined;
  const cap = parsed?.name === "stakeCap" || parsed?.name === "stakeCapBelowMinimum" ? moneyOf(parsed.params.amount) : undefined;
  const minimum = parsed?.name === "stakeCapBelowMinimum" ? moneyOf(parsed.params.min) : undefined;
  return { reason, ...(cap ? { cap } : {}), ...(minimum ? { minimum } : {}) };
}

/** The refusal an API error carries when the limits (or the jurisdiction) refused, or null. */
export function gameLimitFromError(error: unknown): GameLimit | null {
  if (!isApiRequestError(error) || !isGameLimitReason(error.reason)) return null;
  return gameLimitOf(error.reason, error.fieldErrors.amount?.[0] ?? error.fieldErrors.currency?.[0]);
}

/** The reason of an API error that is a limits refusal, or null. */
export function gameLimitReasonOf(error: unknown): GameLimitReason | null {
  return gameLimitFromError(error)?.reason ?? null;
}

/** Shows the game limit reached modal for this refusal, over the current page. */
export function openGameLimitReached(limit: GameLimit | GameLimitReason): void {
  const stored: GameLimit = typeof limit === "string" ? { reason: limit } : limit;
  writeItem(storageArea("session"), STORAGE_KEY, JSON.stringify(stored));
  if (opener) {
    opener();
    return;
  }
  // No page lent its opener (a stake outside the game page): the address opens it all the same.
  if (typeof window !== "undefined") {
    const url = new URL(window.location.href);
    url.searchParams.set("game-limit-reached", "true");
    window.location.assign(url.href);
  }
}

function isMoney(value: unknown): value is Money {
  const record = value as Partial<Money> | null;
  return typeof record === "object" && record !== null && typeof record.amount === "string" && typeof record.currency === "string";
}

/** The refusal the modal shows; a bare reason (as older pages stored it) is read too. */
export function readGameLimit(): GameLimit | null {
  const value = readItem(storageArea("session"), STORAGE_KEY);
  if (value === null) return null;
  if (isGameLimitReason(value)) return { reason: value };
  try {
    const parsed = JSON.parse(value) as Partial<GameLimit> | null;
    if (!parsed || !isGameLimitReason(parsed.reason)) return null;
    return { reason: parsed.reason, ...(isMoney(parsed.cap) ? { cap: parsed.cap } : {}), ...(isMoney(parsed.minimum) ? { minimum: parsed.minimum } : {}) };
  } catch {
    return null;
  }
}

export function readGameLimitReason(): GameLimitReason | null {
  return readGameLimit()?.reason ?? null;
}

export function forgetGameLimitReason(): void {
  removeItem(storageArea("session"), STORAGE_KEY);
}
