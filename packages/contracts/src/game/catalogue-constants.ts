// The catalogue's browser constants in a module without zod: the lobby's first load imports them
// (tiles, the played-games history) and must not bring the schemas along (ADR 010).
// catalogue.ts and launch.ts re-export them.

/** Spec 3: the played-games ids key (history kept per player in the browser for guests). */
export const PLAYED_GAMES_STORAGE_KEY = "playedGames";
/** Spec 9: tiles load when they come within this margin of the viewport. */
export const LAZY_LOAD_MARGIN = "400px";
/** Session storage key of the return-to-game record (spec 2.4/9): the last game page a player left. */
export const RETURN_TO_GAME_STORAGE_KEY = "returnToGame";
