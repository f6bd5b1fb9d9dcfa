import type { Game } from "@playfair/contracts/game/catalogue";
import { describe, expect, it } from "vitest";
import { gameImageUrls } from "./artwork.ts";
import { encodeGames, markedEtag, markedGames, markedGamesJson } from "./player-answers.ts";

const game = (id: string, name: string): Game => ({
  id,
  identity: `game-${id}`,
  name,
  provider: { id: "p1", identity: "lumen-forge", name: "Lumen Forge" },
  images: gameImageUrls(`game-${id}`, "0123456789"),
  rtp: "96.50",
  volatility: "high",
  features: ["free-spins"],
  categories: ["slots"],
  hasDemo: true,
  devices: ["desktop", "mobile"],
  isOriginal: false,
  isFavorite: false,
});

const games = [game("a", "Starfall"), game("b", 'Quote "and" \\ back\u2028slash'), game("c", "Ünïcødé 🎰")];

describe("a player's answer made of the shared games and their marks", () => {
  it("is byte for byte what encoding the marked games gives, for every set of marks", () => {
    const encoded = encodeGames(games);
    for (const marked of [new Set<string>(), new Set(["a"]), new Set(["b", "c"]), new Set(["a", "b", "c", "unknown"])]) {
      expect(markedGamesJson(encoded, marked)).toBe(JSON.stringify(markedGames(encoded, marked)));
      expect(markedGames(encoded, marked).map((entry) => entry.isFavorite)).toEqual(games.map((entry) => marked.has(entry.id)));
    }
    expect(markedGamesJson(encodeGames([]), new Set())).toBe("[]");
  });

  it("puts the mark last even when a game was built with it elsewhere, and never changes the shared games", () => {
    const { isFavorite, ...rest } = game("d", "Dice");
    const encoded = encodeGames([{ isFavorite, ...rest }]);
    expect(markedGamesJson(encoded, new Set(["d"]))).toBe(JSON.stringify([{ ...rest, isFavorite: true }]));
    markedGames(encoded, new Set(["d"]));
    expect(encoded.games[0]?.isFavorite).toBe(false);
  });

  it("has an entity tag that changes with the marks and with the shared answer, and only then", () => {
    const encoded = encodeGames(games);
    const tag = markedEtag(encoded, new Set(["a"]), '{"page":1}');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(markedEtag(encodeGames(games.map((entry) => ({ ...entry }))), new Set(["a"]), '{"page":1}')).toBe(tag);
    expect(markedEtag(encoded, new Set(["b"]), '{"page":1}')).not.toBe(tag);
    expect(markedEtag(encoded, new Set(["a"]), '{"page":2}')).not.toBe(tag);
    expect(markedEtag(encodeGames([games[0]!, { ...games[1]!, name: "Renamed" }, games[2]!]), new Set(["a"]), '{"page":1}')).not.toBe(tag);
  });
});
