// The return-to-game record (spec 2.4): when a player leaves a game for the wallet, a modal or
// another page, the site remembers the game so it can offer the way back. It lives in
// sessionStorage under `returnToGame`: per tab, gone when the tab closes, cleared at logout.
import { readJson, removeItem, storageArea, writeItem, type KeyValueStorage } from "./storage.ts";

export const RETURN_TO_GAME_KEY = "returnToGame";

export type ReturnToGame = {
  /** The game's identity as used in /game/{identity}. */
  gameId: string;
  /** The address to go back to (with its locale prefix and query, e.g. demo mode). */
  path: string;
  /** When the record was written (ms since epoch). */
  savedAt: number;
};

function isReturnToGame(value: unknown): value is ReturnToGame {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.gameId === "string" && typeof record.path === "string" && record.path.startsWith("/") && !record.path.startsWith("//") && typeof record.savedAt === "number";
}

export function setReturnToGame(record: { gameId: string; path: string }, now = Date.now(), storage: KeyValueStorage | null = storageArea("session")): void {
  const value: ReturnToGame = { gameId: record.gameId, path: record.path, savedAt: now };
  if (isReturnToGame(value)) writeItem(storage, RETURN_TO_GAME_KEY, JSON.stringify(value));
}

/** The record, or null when there is none or it is not a site path (never a foreign address). */
export function readReturnToGame(storage: KeyValueStorage | null = storageArea("session")): ReturnToGame | null {
  const value = readJson(storage, RETURN_TO_GAME_KEY);
  return isReturnToGame(value) ? value : null;
}

export function clearReturnToGame(storage: KeyValueStorage | null = storageArea("session")): void {
  removeItem(storage, RETURN_TO_GAME_KEY);
}
