import { describe, expect, it } from "vitest";
import { EMPTY_FILTER, gamesApiQuery, gamesPath, parseGamesPath } from "./games-url.ts";

describe("the /games/:params address scheme", () => {
  it("reads each part of a selection and writes it back to the same address", () => {
    const path = "/games/collection/new/category/slots/provider/northern-lights,playfair/feature/free-spins/sort/rtp";
    const filter = parseGamesPath(path.slice("/games/".length));
    expect(filter).toEqual({ collection: "new", category: ["slots"], provider: ["northern-lights", "playfair"], feature: ["free-spins"], sort: "rtp" });
    expect(gamesPath(filter!)).toBe(path);
  });

  it("gives one selection one address: lists sorted and deduplicated, the default order left out", () => {
    expect(gamesPath({ ...EMPTY_FILTER, provider: ["zeta", "alpha", "zeta"] })).toBe("/games/provider/alpha,zeta");
    expect(gamesPath({ ...EMPTY_FILTER, sort: "popular", category: ["live"] })).toBe("/games/category/live");
    expect(gamesPath(EMPTY_FILTER)).toBe("/games");
    // Another order of the same selection reads as the same filter, so the page can redirect to its canonical address.
    const reordered = parseGamesPath("sort/new/provider/zeta,alpha");
    expect(gamesPath(reordered!)).toBe("/games/provider/alpha,zeta/sort/new");
  });

  it("refuses addresses that name no selection (the page answers 404)", () => {
    for (const remainder of ["", "provider", "provider/a/provider/b", "colour/red", "category/poker", "feature/free-beer", "sort/random", "provider/Bad_Name", "collection/a,b"]) {
      expect(parseGamesPath(remainder), remainder).toBeNull();
    }
    expect(parseGamesPath(`provider/${Array.from({ length: 21 }, (_, index) => `p${index}`).join(",")}`)).toBeNull();
  });

  it("turns a selection into the list call's comma-separated query", () => {
    const filter = parseGamesPath("category/live,slots/provider/playfair")!;
    expect(gamesApiQuery(filter, 2, 24)).toEqual({ collection: undefined, category: "live,slots", provider: "playfair", feature: undefined, sort: "popular", page: 2, perPage: 24 });
  });
});
