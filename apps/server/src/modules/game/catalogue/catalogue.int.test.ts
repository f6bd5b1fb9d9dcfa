import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { executeRows } from "../../../db/sql-rows.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../../test/test-server.ts";
import { bearer, registerPlayer, type RegisteredPlayer } from "../../player/player-test-helpers.ts";
import { COLLECTION_SEEDS, DEMO_STUDIO_GAMES, ORIGINAL_GAMES, seedBenchGames, seedCatalogue, STUDIOS } from "./catalogue-seed.ts";
import { searchMatch } from "./catalogue.repository.ts";
import { games } from "./catalogue.schema.ts";
import { createRecentSearches } from "./recent-searches.ts";

// The catalogue as the lobby and a player meet it: browsing as a guest, country and device
// filtering, favourites, played games, typo-tolerant search and recent searches, the operator's
// edits, and the seed.

const OPERATOR_KEY = "catalogue-operator-key-0123456789abcdef";

let server: TestServer;
let player: RegisteredPlayer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "playfair-catalogue-"));
  // Behind a trusted edge (127.0.0.1) so the tests can set the visitor country header.
  server = await startTestServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY, RATE_LIMIT_ENABLED: "false", TRUSTED_PROXIES: "127.0.0.1", CAPTCHA_PROVIDER: "off", DATA_DIR: dataDir } });
  player = await registerPlayer(server, { country: "DE", currency: "EUR" });
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const fromCountry = (country: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), "cf-ipcountry": country } });
const operator = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${OPERATOR_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function identities(path: string, init?: RequestInit): Promise<string[]> {
  const response = await server.request(path, init);
  expect(response.status, path).toBe(200);
  const json = await readJson(response);
  return json.data.map((entry: { identity: string }) => entry.identity);
}

describe("browsing as a guest", () => {
  it("lists the collections of the visitor's country in order, titled in their language", async () => {
    const everywhere = COLLECTION_SEEDS.filter((seed) => !seed.countries).map((seed) => seed.identity);
    expect(await identities("/api/game/collections", fromCountry("DE"))).toEqual(everywhere);
    // A collection limited to Brazil and Portugal shows only there.
    expect(await identities("/api/game/collections", fromCountry("BR"))).toContain("samba-spins");
    expect(await identities("/api/game/collections")).not.toContain("samba-spins");
    const german = await readJson(await server.request("/api/game/collections", fromCountry("DE", { headers: { "accept-language": "de" } })));
    expect(german.data.find((collection: { identity: string }) => collection.identity === "live")).toMatchObject({ name: "Live-Casino", isHidden: false, countries: [] });
    expect(german.data.find((collection: { identity: string }) => collection.identity === "staff-picks")).toMatchObject({ isHidden: true });
  });

  it("lists games of a collection in the operator's order, paginated, with artwork at three densities", async () => {
    const page = await readJson(await server.request("/api/game/games?collection=originals&perPage=5"));
    expect(page.meta).toEqual({ page: 1, perPage: 5, totalPages: 2, totalRows: 9 });
    expect(page.data.map((game: { identity: string }) => game.identity)).toEqual(ORIGINAL_GAMES.slice(0, 5).map((game) => game.identity));
    const dice = page.data[0];
    expect(dice).toMatchObject({ name: "Dice", provider: { identity: "playfair", name: "Playfair Originals" }, rtp: "99.00", isOriginal: true, isFavorite: false, hasDemo: true });
    expect(dice.features).toContain("provably-fair");
    expect(Object.keys(dice.images)).toEqual(["1x1", "3x4"]);
    expect(dice.images["3x4"]["2x"]).toMatch(/^\/api\/game\/images\/games\/playfair-dice\/3x4-2x\.webp\?v=[0-9a-f]{10}$/);
  });

  it("filters by provider, feature, category and device, and sorts", async () => {
    const megaways = await readJson(await server.request("/api/game/games?feature=megaways,free-spins&perPage=100"));
    expect(megaways.meta.totalRows).toBeGreaterThan(0);
    for (const game of megaways.data) expect(game.features).toEqual(expect.arrayContaining(["megaways", "free-spins"]));
    const studio = await readJson(await server.request("/api/game/games?provider=lumen-forge,mossgate&perPage=100"));
    expect(studio.meta.totalRows).toBe(64);
    expect(new Set(studio.data.map((game: { provider: { identity: string } }) => game.provider.identity))).toEqual(new Set(["lumen-forge", "mossgate"]));
    const mobile = await readJson(await server.request("/api/game/games?device=mobile&perPage=100&category=slots"));
    expect(mobile.data.every((game: { devices: string[]; categories: string[] }) => game.devices.includes("mobile") && game.categories.includes("slots"))).toBe(true);
    const desktopOnly = DEMO_STUDIO_GAMES.filter((game) => game.devices.length === 1 && game.categories.includes("slots")).length;
    const allSlots = await readJson(await server.request("/api/game/games?perPage=1&category=slots"));
    expect(mobile.meta.totalRows).toBe(allSlots.meta.totalRows - desktopOnly);
    const byName = await readJson(await server.request("/api/game/games?sort=name&perPage=20"));
    const names = byName.data.map((game: { name: string }) => game.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("hides games restricted in the visitor's country, and answers 404 for them there", async () => {
    const restricted = DEMO_STUDIO_GAMES.find((game) => game.restrictedCountries.includes("DE"));
    if (!restricted) throw new Error("the seed restricts no game in DE");
    expect((await server.request(`/api/game/games/${restricted.identity}`, fromCountry("DE"))).status).toBe(404);
    expect((await server.request(`/api/game/games/${restricted.identity}`, fromCountry("BR"))).status).toBe(200);
    const german = await readJson(await server.request(`/api/game/games?provider=${restricted.provider}&perPage=100`, fromCountry("DE")));
    const brazilian = await readJson(await server.request(`/api/game/games?provider=${restricted.provider}&perPage=100`, fromCountry("BR")));
    expect(german.data.map((game: { identity: string }) => game.identity)).not.toContain(restricted.identity);
    expect(brazilian.data.map((game: { identity: string }) => game.identity)).toContain(restricted.identity);
  });

  it("answers a game, a provider and the providers list; unknown ones are a 404 with the error body", async () => {
    const slot = await readJson(await server.request("/api/game/games/playfair-slot"));
    expect(slot.data).toMatchObject({ identity: "playfair-slot", name: "Starfall", rtp: "96.04" });
    const provider = await readJson(await server.request("/api/game/providers/playfair"));
    expect(provider.data).toMatchObject({ identity: "playfair", name: "Playfair Originals", gamesCount: 9 });
    expect(provider.data.image).toMatch(/^\/api\/game\/images\/providers\/playfair\/logo-2x\.webp\?v=/);
    const providers = await identities("/api/game/providers");
    expect(providers.length).toBeGreaterThanOrEqual(9);
    expect(providers).toContain("quickthorn");
    for (const path of ["/api/game/games/no-such-game", "/api/game/providers/no-such-studio"]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(await readJson(response), path).toMatchObject({ status: 404, code: "NOT_FOUND", traceId: expect.any(String) });
    }
  });

  it("gives guests' answers a strong ETag and answers 304 when the client has it", async () => {
    const first = await server.request("/api/game/games?collection=popular");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("vary")).toContain("cf-ipcountry");
    const again = await server.request("/api/game/games?collection=popular", { headers: { "if-none-match": etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("refuses a malformed filter with field errors, and answers an unknown collection with an empty page", async () => {
    for (const query of ["sort=cheapest", "perPage=101", "feature=teleport", "device=fridge", "collection=Not%20An%20Identity"]) {
      const response = await server.request(`/api/game/games?${query}`);
      expect(response.status, query).toBe(422);
      expect(await readJson(response), query).toMatchObject({ code: "VALIDATION_FAILED", errors: expect.any(Object) });
    }
    expect((await server.request("/api/game/games/Not_An_Identity")).status).toBe(422);
    const empty = await readJson(await server.request("/api/game/games?collection=no-such-collection"));
    expect(empty).toEqual({ data: [], meta: { page: 1, perPage: 24, totalPages: 1, totalRows: 0 } });
  });

  it("closes the player's calls to guests", async () => {
    for (const path of ["/api/game/games/favorites", "/api/game/games/played", "/api/game/games/features", "/api/game/games/search?search=dice", "/api/game/search/recent"]) {
      expect((await server.request(path)).status, path).toBe(401);
    }
    expect((await server.request("/api/game/games/playfair-dice/favorite", { method: "POST" })).status).toBe(401);
  });
});

describe("a signed-in player", () => {
  it("keeps favourites: marked games come back flagged and listed, and unmarking removes them", async () => {
    for (const game of ["playfair-mines", "playfair-slot"]) {
      expect((await server.request(`/api/game/games/${game}/favorite`, bearer(player.accessToken, { method: "POST" }))).status).toBe(204);
    }
    // Marking twice changes nothing.
    expect((await server.request("/api/game/games/playfair-slot/favorite", bearer(player.accessToken, { method: "POST" }))).status).toBe(204);
    expect(await identities("/api/game/games/favorites", bearer(player.accessToken))).toEqual(["playfair-mines", "playfair-slot"]);
    const slot = await readJson(await server.request("/api/game/games/playfair-slot", bearer(player.accessToken)));
    expect(slot.data.isFavorite).toBe(true);
    // A player's answer carries their favourites: never kept by a cache.
    expect((await server.request("/api/game/games/playfair-slot", bearer(player.accessToken))).headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/game/games/playfair-mines/favorite", bearer(player.accessToken, { method: "DELETE" }))).status).toBe(204);
    expect(await identities("/api/game/games/favorites", bearer(player.accessToken))).toEqual(["playfair-slot"]);
    expect((await server.request("/api/game/games/no-such-game/favorite", bearer(player.accessToken, { method: "POST" }))).status).toBe(404);
  });

  it("sees their favourite marks on lists and in search at once, while the rest is the catalogue every player of the country shares", async () => {
    const originals = "/api/game/games?collection=originals&perPage=20";
    const diceIn = async (path: string, pick: (json: { data: unknown }) => { identity: string; isFavorite: boolean }[]) =>
      pick(await readJson(await server.request(path, bearer(player.accessToken)))).find((game) => game.identity === "playfair-dice");
    const onPage = (json: { data: unknown }) => json.data as { identity: string; isFavorite: boolean }[];
    const inSearch = (json: { data: unknown }) => (json.data as { games: { identity: string; isFavorite: boolean }[] }).games;
    expect(await diceIn(originals, onPage)).toMatchObject({ isFavorite: false });
    expect(await diceIn("/api/game/games/search?search=dice", inSearch)).toMatchObject({ isFavorite: false });
    await server.request("/api/game/games/playfair-dice/favorite", bearer(player.accessToken, { method: "POST" }));
    expect(await diceIn(originals, onPage)).toMatchObject({ isFavorite: true });
    expect(await diceIn("/api/game/games/search?search=dice", inSearch)).toMatchObject({ isFavorite: true });
    await server.request("/api/game/games/playfair-dice/favorite", bearer(player.accessToken, { method: "DELETE" }));
    expect(await diceIn(originals, onPage)).toMatchObject({ isFavorite: false });
    // A change written by another server shows here within the shared answers' few seconds; one
    // made through this server's operator calls shows at once.
    await executeRows(server.database.db, sql`update games set hidden = true where identity = 'playfair-dice'`);
    expect(await diceIn(originals, onPage)).toBeDefined();
    expect((await server.request("/api/operator/games/playfair-keno", operator("PATCH", { hidden: false }))).status).toBe(200);
    expect(await diceIn(originals, onPage)).toBeUndefined();
    expect(await diceIn("/api/game/games/search?search=dice", inSearch)).toBeUndefined();
    expect((await server.request("/api/operator/games/playfair-dice", operator("PATCH", { hidden: false }))).status).toBe(200);
    expect(await diceIn(originals, onPage)).toMatchObject({ isFavorite: false });
  });

  it("gets a page whose entity tag follows their own marks: a new mark is a new tag, the same answer revalidates with 304", async () => {
    const path = "/api/game/games?collection=originals&perPage=20";
    const first = await server.request(path, bearer(player.accessToken));
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await server.request(path, bearer(player.accessToken, { headers: { "if-none-match": etag } }))).status).toBe(304);
    await server.request("/api/game/games/playfair-limbo/favorite", bearer(player.accessToken, { method: "POST" }));
    const marked = await server.request(path, bearer(player.accessToken, { headers: { "if-none-match": etag } }));
    expect(marked.status).toBe(200);
    expect(marked.headers.get("etag")).not.toBe(etag);
    type Tile = { identity: string; isFavorite: boolean };
    const ours = (await readJson(marked)).data as Tile[];
    expect(ours.find((game) => game.identity === "playfair-limbo")).toMatchObject({ isFavorite: true });
    // Another player of the same country gets the same games without the marks, under another tag.
    const other = await registerPlayer(server);
    const theirs = await server.request(path, bearer(other.accessToken));
    expect(theirs.headers.get("etag")).not.toBe(marked.headers.get("etag"));
    expect((await readJson(theirs)).data).toEqual(ours.map((game) => ({ ...game, isFavorite: false })));
    await server.request("/api/game/games/playfair-limbo/favorite", bearer(player.accessToken, { method: "DELETE" }));
    expect((await server.request(path, bearer(player.accessToken))).headers.get("etag")).toBe(etag);
  });

  it("sees the catalogue of the country in their profile, whatever the edge says", async () => {
    const restricted = DEMO_STUDIO_GAMES.find((game) => game.restrictedCountries.includes("DE"));
    // The player registered in Germany: a Brazilian edge header does not open Germany's restrictions.
    expect((await server.request(`/api/game/games/${restricted?.identity}`, bearer(player.accessToken, fromCountry("BR")))).status).toBe(404);
    expect((await server.request(`/api/game/games/${restricted?.identity}`, fromCountry("BR"))).status).toBe(200);
  });

  it("tells the play side how to launch a game the viewer may see, and refuses hidden or restricted ones", async () => {
    const catalogue = server.app.services.catalogue;
    const thirdParty = DEMO_STUDIO_GAMES.find((game) => game.restrictedCountries.includes("DE"));
    if (!thirdParty) throw new Error("the seed restricts no game in DE");
    expect(await catalogue.findLaunchable(thirdParty.identity, { playerId: null, country: "BR", language: "en" })).toMatchObject({
      identity: thirdParty.identity,
      isOriginal: false,
      aggregatorCode: thirdParty.aggregatorCode,
      mathModel: expect.stringMatching(/^(slot-classic|slot-cascade|table-roulette)$/),
    });
    expect(await catalogue.findLaunchable(thirdParty.identity, { playerId: null, country: "DE", language: "en" })).toBeNull();
    expect(await catalogue.findLaunchable("playfair-crash", { playerId: null, country: "DE", language: "en" })).toMatchObject({ isOriginal: true, aggregatorCode: null, rtp: "99.00" });
    expect(await catalogue.findLaunchable("no-such-game", { playerId: null, country: null, language: "en" })).toBeNull();
  });

  it("lists played games, the most recent first", async () => {
    const catalogue = server.app.services.catalogue;
    const dice = await catalogue.getGame("playfair-dice", { playerId: null, country: null, language: "en" });
    const crash = await catalogue.getGame("playfair-crash", { playerId: null, country: null, language: "en" });
    await catalogue.recordPlayed(player.playerId, dice!.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await catalogue.recordPlayed(player.playerId, crash!.id);
    const played = await readJson(await server.request("/api/game/games/played", bearer(player.accessToken)));
    expect(played.data.map((game: { identity: string }) => game.identity)).toEqual(["playfair-crash", "playfair-dice"]);
    expect(Date.parse(played.data[0].lastPlayedAt)).toBeGreaterThan(Date.parse(played.data[1].lastPlayedAt));
  });

  it("lists the filter's features", async () => {
    const features = await readJson(await server.request("/api/game/games/features", bearer(player.accessToken)));
    expect(features.data).toContain("provably-fair");
    expect(features.data).toContain("megaways");
  });
});

describe("search", () => {
  const search = async (text: string) => readJson(await server.request(`/api/game/games/search?search=${encodeURIComponent(text)}`, bearer(player.accessToken)));

  it("finds games despite typos, by prefix, by provider name and by a name in another language", async () => {
    expect((await search("starfal")).data.games[0].identity).toBe("playfair-slot");
    expect((await search("Star")).data.games.map((game: { identity: string }) => game.identity)).toContain("playfair-slot");
    const bitcoin = DEMO_STUDIO_GAMES.find((game) => game.name.includes("Bitcoin"));
    expect((await search("bitcoim")).data.games.map((game: { identity: string }) => game.identity)).toContain(bitcoin?.identity);
    const byStudio = await search("copperfox");
    expect(byStudio.data.providers.map((provider: { identity: string }) => provider.identity)).toEqual(["copperfox"]);
    expect(byStudio.data.games.every((game: { provider: { identity: string } }) => game.provider.identity === "copperfox")).toBe(true);
    expect((await search("Рулетка")).data.games[0].identity).toBe("playfair-roulette");
    expect((await search("zzqqxx")).data.games).toEqual([]);
    const empty = await server.request("/api/game/games/search?search=%20", bearer(player.accessToken));
    expect(empty.status).toBe(422);
  });

  it("remembers the last ten searches, each once, and forgets some or all on request", async () => {
    const fresh = await registerPlayer(server, { country: "DE", currency: "EUR" });
    const recent = async () => (await readJson(await server.request("/api/game/search/recent", bearer(fresh.accessToken)))).data as { id: string; text: string }[];
    for (let index = 1; index <= 12; index++) {
      await server.request(`/api/game/games/search?search=word${index}`, bearer(fresh.accessToken));
    }
    await server.request("/api/game/games/search?search=word5", bearer(fresh.accessToken));
    const texts = (await recent()).map((entry) => entry.text);
    expect(texts).toEqual(["word5", "word12", "word11", "word10", "word9", "word8", "word7", "word6", "word4", "word3"]);
    const [first, second] = await recent();
    const afterSome = await server.request("/api/game/search/recent", bearer(fresh.accessToken, { method: "DELETE", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids: [first!.id, second!.id] }) }));
    expect(afterSome.status).toBe(200);
    expect((await readJson(afterSome)).data.map((entry: { text: string }) => entry.text)).toEqual(texts.slice(2));
    const afterAll = await server.request("/api/game/search/recent", bearer(fresh.accessToken, { method: "DELETE", headers: { "content-type": "application/json" }, body: "{}" }));
    expect((await readJson(afterAll)).data).toEqual([]);
    // Another player's searches are untouched.
    expect((await readJson(await server.request("/api/game/search/recent", bearer(player.accessToken)))).data.length).toBeGreaterThan(0);
  });

  it("moves a search repeated within the same millisecond to the top", async () => {
    const fresh = await registerPlayer(server, { country: "DE", currency: "EUR" });
    const frozen = new Date("2026-03-01T12:00:00.000Z");
    const searches = createRecentSearches({ db: server.database.db, now: () => frozen });
    for (const text of ["roulette", "dice", "mines"]) searches.rememberSearch(fresh.playerId, text);
    await searches.flushRecentSearches();
    searches.rememberSearch(fresh.playerId, "roulette");
    expect((await searches.listRecentSearches(fresh.playerId)).map((entry) => entry.text)).toEqual(["roulette", "mines", "dice"]);
  });

  it("keeps each player's searches apart when many players search at the same moment", async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(server, { country: "DE", currency: "EUR" })));
    // Searches answered together are written together; every player still finds exactly their own.
    await Promise.all(
      players.flatMap((someone, index) => ["alpha", "beta", `own${index}`].map((text) => server.request(`/api/game/games/search?search=${text}`, bearer(someone.accessToken)))),
    );
    for (const [index, someone] of players.entries()) {
      const texts = ((await readJson(await server.request("/api/game/search/recent", bearer(someone.accessToken)))).data as { text: string }[]).map((entry) => entry.text);
      expect(texts.sort()).toEqual(["alpha", "beta", `own${index}`]);
    }
  });

  it("filters the games list by search text too", async () => {
    const page = await readJson(await server.request("/api/game/games?search=starfal"));
    expect(page.data[0].identity).toBe("playfair-slot");
  });
});

describe("the operator's catalogue", () => {
  it("refuses calls without the operator key", async () => {
    expect((await server.request("/api/operator/game-collections")).status).toBe(401);
    expect((await server.request("/api/operator/games/playfair-dice", bearer(player.accessToken, { method: "PATCH" }))).status).toBe(401);
  });

  it("hides a game: it vanishes from lists, search and its page, and shows again when unhidden", async () => {
    const hide = await server.request("/api/operator/games/playfair-keno", operator("PATCH", { hidden: true }));
    expect(hide.status).toBe(200);
    expect((await readJson(hide)).data).toMatchObject({ identity: "playfair-keno", hidden: true });
    expect(await identities("/api/game/games?collection=originals")).not.toContain("playfair-keno");
    expect((await server.request("/api/game/games/playfair-keno")).status).toBe(404);
    expect((await readJson(await server.request("/api/game/providers/playfair"))).data.gamesCount).toBe(8);
    await server.request("/api/operator/games/playfair-keno", operator("PATCH", { hidden: false }));
    expect(await identities("/api/game/games?collection=originals&perPage=20")).toContain("playfair-keno");
  });

  it("adds a game and writes a collection's titles, countries and order", async () => {
    const added = await server.request(
      "/api/operator/games",
      operator("POST", { identity: "lumen-forge-aurora-tide", name: "Aurora Tide", provider: "lumen-forge", rtp: "96.20", volatility: "medium", categories: ["slots"], features: ["free-spins"], mathModel: "slot-classic", aggregatorCode: "lumen-forge/aurora-tide" }),
    );
    expect(added.status).toBe(201);
    expect((await server.request("/api/operator/games", operator("POST", { identity: "lumen-forge-aurora-tide", name: "Aurora Tide", provider: "lumen-forge", rtp: "96.20", volatility: "medium", categories: ["slots"] }))).status).toBe(409);
    const put = await server.request(
      "/api/operator/game-collections",
      operator("PUT", { identity: "autumn-picks", names: { en: "Autumn picks", de: "Herbsttipps" }, countries: ["DE"], position: 3, games: ["lumen-forge-aurora-tide", "playfair-dice"] }),
    );
    expect(put.status).toBe(200);
    expect(await identities("/api/game/games?collection=autumn-picks", fromCountry("DE"))).toEqual(["lumen-forge-aurora-tide", "playfair-dice"]);
    // Limited to Germany: elsewhere neither the collection nor its games list show.
    expect(await identities("/api/game/collections", fromCountry("BR"))).not.toContain("autumn-picks");
    expect(await identities("/api/game/games?collection=autumn-picks", fromCountry("BR"))).toEqual([]);
    await server.request("/api/operator/game-collections", operator("PUT", { identity: "autumn-picks", names: { en: "Autumn picks" }, countries: ["DE"], position: 3, games: ["playfair-dice", "lumen-forge-aurora-tide"] }));
    expect(await identities("/api/game/games?collection=autumn-picks", fromCountry("DE"))).toEqual(["playfair-dice", "lumen-forge-aurora-tide"]);
    const unknown = await server.request("/api/operator/game-collections", operator("PUT", { identity: "broken", names: { en: "Broken" }, games: ["no-such-game"] }));
    expect(unknown.status).toBe(422);
  });
});

describe("artwork", () => {
  it("renders each game's tile as WebP at the size its address names, the same bytes every time, cached for good", async () => {
    const game = await readJson(await server.request("/api/game/games/playfair-slot"));
    const expected = { "1x1": { "1x": 200, "2x": 400, "3x": 600 }, "3x4": { "1x": 180, "2x": 360, "3x": 540 } } as const;
    for (const ratio of ["1x1", "3x4"] as const) {
      for (const density of ["1x", "2x", "3x"] as const) {
        const response = await server.request(game.data.images[ratio][density]);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        const width = expected[ratio][density];
        expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: "webp", width, height: ratio === "1x1" ? width : (width * 4) / 3 });
      }
    }
    // Rendered once, then served from the cache directory.
    const files = await readdir(path.join(dataDir, "game-artwork", "games", "playfair-slot"));
    expect(files).toHaveLength(6);
    const first = Buffer.from(await (await server.request(game.data.images["1x1"]["1x"])).arrayBuffer());
    await rm(path.join(dataDir, "game-artwork"), { recursive: true, force: true });
    const redrawn = Buffer.from(await (await server.request(game.data.images["1x1"]["1x"])).arrayBuffer());
    expect(redrawn.equals(first)).toBe(true);
  });

  it("draws different games differently, renders provider logos, and answers 404 for anything else", async () => {
    const a = Buffer.from(await (await server.request("/api/game/images/games/playfair-dice/1x1-1x.webp")).arrayBuffer());
    const b = Buffer.from(await (await server.request("/api/game/images/games/playfair-mines/1x1-1x.webp")).arrayBuffer());
    expect(a.equals(b)).toBe(false);
    const provider = await readJson(await server.request("/api/game/providers/copperfox"));
    const logo = await server.request(provider.data.image);
    expect(logo.status).toBe(200);
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(480);
    for (const address of ["/api/game/images/games/no-such-game/1x1-1x.webp", "/api/game/images/games/playfair-dice/1x1-4x.webp", "/api/game/images/games/playfair-dice/huge.png", "/api/game/images/providers/playfair/1x1-1x.webp"]) {
      const response = await server.request(address);
      expect(response.status, address).toBe(404);
      expect(response.headers.get("cache-control"), address).toBe("no-store");
    }
  });
});

describe("the seed", () => {
  const counts = async () => {
    const db = server.database.db;
    const [row] = await executeRows<{ games: number; providers: number; collections: number; members: number }>(
      db,
      sql`select (select count(*) from games)::int as games, (select count(*) from game_providers)::int as providers, (select count(*) from game_collections)::int as collections, (select count(*) from game_collection_games)::int as members`,
    );
    return row;
  };

  it("seeds the originals and at least 300 games of at least 8 fictional studios, and changes nothing when run again", async () => {
    expect(DEMO_STUDIO_GAMES.length).toBeGreaterThanOrEqual(300);
    expect(STUDIOS.length).toBeGreaterThanOrEqual(8);
    const before = await counts();
    await seedCatalogue(server.database.db);
    await seedCatalogue(server.database.db);
    expect(await counts()).toEqual(before);
    const all = await readJson(await server.request("/api/game/games?perPage=1"));
    expect(all.meta.totalRows).toBeGreaterThanOrEqual(309);
    // Every third-party game names the sandbox aggregator's code and math model.
    const [missing] = await executeRows<{ count: number }>(server.database.db, sql`select count(*)::int as count from games where not is_original and (aggregator_code is null or math_model is null)`);
    expect(missing?.count).toBe(0);
  });

  it("keeps an operator's collection order when seeding again", async () => {
    const collections = await readJson(await server.request("/api/operator/game-collections", operator("GET")));
    const jackpots = collections.data.find((collection: { identity: string }) => collection.identity === "jackpots");
    const reversed = [...jackpots.games].reverse();
    await server.request("/api/operator/game-collections", operator("PUT", { ...jackpots, id: undefined, games: reversed }));
    await seedCatalogue(server.database.db);
    expect(await identities(`/api/game/games?collection=jackpots&perPage=100`)).toEqual(reversed);
  });

  it("adds the benchmark's games on request, once", async () => {
    const total = await seedBenchGames(server.database.db, 400);
    expect(await seedBenchGames(server.database.db, 400)).toBe(total);
    const [bench] = await executeRows<{ count: number }>(server.database.db, sql`select count(*)::int as count from games where identity like 'bench-%'`);
    expect(bench?.count).toBe(400);
    expect(total).toBeGreaterThanOrEqual(309 + 400);
  });

  it("searches a just-imported catalogue through its indexes, not game by game", async () => {
    // Without GIN's pending list the new games are in the indexes at once, and the planner uses them.
    const [options] = await executeRows<{ options: string[] }>(
      server.database.db,
      sql`select array_agg(array_to_string(reloptions, ',') order by relname) as options from pg_class where relname in ('games_search_fts', 'games_search_trgm')`,
    );
    expect(options?.options).toEqual(["fastupdate=false", "fastupdate=false"]);
    await seedBenchGames(server.database.db, 2_000);
    const match = searchMatch("starfal");
    if (!match) throw new Error("no search words");
    const plan = await executeRows<{ "QUERY PLAN": string }>(server.database.db, sql`explain ${server.database.db.select({ id: games.id }).from(games).where(match.where)}`);
    const lines = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(lines).toContain("games_search_fts");
    expect(lines).toContain("games_search_trgm");
    expect(lines).not.toContain("Seq Scan on games");
  });
});
