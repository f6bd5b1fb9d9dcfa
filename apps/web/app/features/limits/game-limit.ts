// The "game limit reached" modal (spec 2.4): a stake the limits refused (P3) says which limit and
// links to the limits page. Whatever places stakes (an original's interface, the game page) calls
// openGameLimitReached with the refusal's reason; the modal reads it back.
import { readItem, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { isApiRequestError } from "#app/lib/api-client.ts";

/** The refusal reasons the limits module answers (apps/server/src/modules/limits). */
export const GAME_LIMIT_REASONS = ["betLimitReached", "lossLimitReached", "selfExcluded", "coolingOff"] as const;
export type GameLimitReason = (typeof GAME_LIMIT_REASONS)[number];

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

/** The reason of an API error that is a limits refusal, or null. */
export function gameLimitReasonOf(error: unknown): GameLimitReason | null {
  return isApiRequestError(error) && isGameLimitReason(error.reason) ? error.reason : null;
}

/** Shows the game limit reached modal for this refusal, over the current page. */
export function openGameLimitReached(reason: GameLimitReason): void {
  writeItem(storageArea("session"), STORAGE_KEY, reason);
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

export function readGameLimitReason(): GameLimitReason | null {
  const value = readItem(storageArea("session"), STORAGE_KEY);
  return isGameLimitReason(value) ? value : null;
}

export function forgetGameLimitReason(): void {
  removeItem(storageArea("session"), STORAGE_KEY);
}
