// Reading the return-to-game record (return-to-game.ts): apart from its writers, so the lobby, which
// only reads it, does not carry the game page's and the sign-out's code.
import { readJson, storageArea, type KeyValueStorage } from "./storage.ts";

export const RETURN_TO_GAME_KEY = "returnToGame";

export type ReturnToGame = {
  /** The game's identity as used in /game/{identity}. */
  gameId: string;
  /** The address to go back to (with its locale prefix and query, e.g. demo mode). */
  path: string;
  /** When the record was written (ms since epoch). */
  savedAt: number;
};

export function isReturnToGame(value: unknown): value is ReturnToGame {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.gameId === "string" && typeof record.path === "string" && record.path.startsWith("/") && !record.path.startsWith("//") && typeof record.savedAt === "number";
}

/** The record, or null when there is none or it is not a site path (never a foreign address). */
export function readReturnToGame(storage: KeyValueStorage | null = storageArea("session")): ReturnToGame | null {
  const value = readJson(storage, RETURN_TO_GAME_KEY);
  return isReturnToGame(value) ? value : null;
}
