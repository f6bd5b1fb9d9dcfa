import { PLAYED_GAMES_STORAGE_KEY } from "@playfair/contracts/game/catalogue-constants";
import { readJson, storageArea, writeItem, type KeyValueStorage } from "#app/features/site-services/storage.ts";

/** How many played games a guest's browser keeps (the recently-played page shows them all). */
export const PLAYED_GAMES_LIMIT = 24;

/**
 * A guest's recently played games (spec 3: the played-games ids key), newest first, in the
 * browser's local storage. Players have theirs on the server (GET /api/game/games/played).
 */
export function readPlayedGames(storage: KeyValueStorage | null = storageArea("local")): string[] {
  const value = readJson(storage, PLAYED_GAMES_STORAGE_KEY);
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string").slice(0, PLAYED_GAMES_LIMIT) : [];
}

export function rememberPlayedGame(identity: string, storage: KeyValueStorage | null = storageArea("local")): void {
  const next = [identity, ...readPlayedGames(storage).filter((entry) => entry !== identity)].slice(0, PLAYED_GAMES_LIMIT);
  writeItem(storage, PLAYED_GAMES_STORAGE_KEY, JSON.stringify(next));
}
