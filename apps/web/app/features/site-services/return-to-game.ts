// The return-to-game record (spec 2.4): when a player leaves a game for the wallet, a modal or
// another page, the site remembers the game so it can offer the way back. It lives in
// sessionStorage under `returnToGame`: per tab, gone when the tab closes, cleared at logout.
import { isReturnToGame, RETURN_TO_GAME_KEY, type ReturnToGame } from "./return-to-game-read.ts";
import { removeItem, storageArea, writeItem, type KeyValueStorage } from "./storage.ts";

export { readReturnToGame, RETURN_TO_GAME_KEY, type ReturnToGame } from "./return-to-game-read.ts";

export function setReturnToGame(record: { gameId: string; path: string }, now = Date.now(), storage: KeyValueStorage | null = storageArea("session")): void {
  const value: ReturnToGame = { gameId: record.gameId, path: record.path, savedAt: now };
  if (isReturnToGame(value)) writeItem(storage, RETURN_TO_GAME_KEY, JSON.stringify(value));
}

export function clearReturnToGame(storage: KeyValueStorage | null = storageArea("session")): void {
  removeItem(storage, RETURN_TO_GAME_KEY);
}
