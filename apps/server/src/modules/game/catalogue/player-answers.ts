import { createHash } from "node:crypto";
import type { Game } from "@playfair/contracts/game/catalogue";

// A player's page or search is the part every player of a country, language and device shares
// (ADR 029) with their own favourite marks. The shared games are encoded once, each up to its
// mark, so a player's answer is those bytes with `true` or `false` put in: encoding a whole page
// again for every request cost more than reading the player's marks (ADR 033).

/** How a game's JSON ends before the mark is put in: `isFavorite` is the last key of a Game. */
const UNMARKED_END = "false}";

export type EncodedGames = {
  readonly games: readonly Game[];
  /** Each game's JSON without its closing `false}`. */
  readonly heads: readonly string[];
  /** A digest of the shared encoding: with the marks it makes a player's entity tag. */
  readonly digest: string;
};

export function encodeGames(games: readonly Game[]): EncodedGames {
  const heads = games.map((game) => {
    // Spread first, so the mark is the last key whatever order the game was built in.
    const { isFavorite: _mark, ...rest } = game;
    const json = JSON.stringify({ ...rest, isFavorite: false });
    return json.slice(0, -UNMARKED_END.length);
  });
  return { games, heads, digest: createHash("sha256").update(heads.join("\n")).digest("base64url") };
}

/** The games with the player's marks, as objects (server-rendered pages read these). */
export function markedGames(encoded: EncodedGames, marked: ReadonlySet<string>): Game[] {
  return encoded.games.map((game) => ({ ...game, isFavorite: marked.has(game.id) }));
}

/** The games with the player's marks as a JSON array: the same bytes JSON.stringify gives for `markedGames`. */
export function markedGamesJson(encoded: EncodedGames, marked: ReadonlySet<string>): string {
  let json = "[";
  for (let index = 0; index < encoded.heads.length; index++) {
    if (index > 0) json += ",";
    json += encoded.heads[index]! + (marked.has(encoded.games[index]!.id) ? "true}" : "false}");
  }
  return `${json}]`;
}

/**
 * A strong entity tag for an answer made of `encoded` with these marks and `rest` (the parts around
 * the games, already fixed by the shared answer): it changes exactly when the bytes do, without
 * digesting the whole answer for each request.
 */
export function markedEtag(encoded: EncodedGames, marked: ReadonlySet<string>, rest: string): string {
  const marks = encoded.games.map((game) => (marked.has(game.id) ? "1" : "0")).join("");
  return `"${createHash("sha256").update(`${encoded.digest}\n${marks}\n${rest}`).digest("base64url").slice(0, 32)}"`;
}
