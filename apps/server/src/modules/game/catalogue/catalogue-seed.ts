import type { GameCategory, GameDevice, GameFeature } from "@playfair/contracts/game/catalogue";
import { DECLARED_RTP, formatPercent } from "@playfair/fairness";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { searchTextOf } from "./catalogue.repository.ts";
import { gameCollectionGames, gameCollections, gameProviders, games } from "./catalogue.schema.ts";

// The demo catalogue: our nine provably-fair originals and a few hundred third-party games of
// fictional studios (served by the sandbox aggregator), generated from word lists with a fixed
// seed, so every install has the same lobby. Rows are inserted only when their identity is
// missing: an operator's hidden games, edited collections and orders survive restarts.

export const ORIGINALS_PROVIDER = { identity: "playfair", name: "Playfair Originals" } as const;

/** The sandbox aggregator's math models a third-party game runs on. */
export const MATH_MODELS = ["slot-classic", "slot-cascade", "table-roulette"] as const;

type GameSeed = {
  identity: string;
  name: string;
  localizedNames?: Record<string, string>;
  provider: string;
  rtp: string;
  volatility: "low" | "medium" | "high";
  features: GameFeature[];
  categories: GameCategory[];
  hasDemo: boolean;
  devices: GameDevice[];
  restrictedCountries: string[];
  isOriginal: boolean;
  releasedAt: Date;
  popularity: number;
  aggregatorCode: string | null;
  mathModel: string | null;
};

const rtpOf = (game: keyof typeof DECLARED_RTP) => formatPercent(DECLARED_RTP[game], 2);

function original(identity: string, name: string, categories: GameCategory[], rtp: string, extra: Partial<GameSeed> = {}): GameSeed {
  return {
    identity,
    name,
    provider: ORIGINALS_PROVIDER.identity,
    rtp,
    volatility: "medium",
    features: ["provably-fair", ...(extra.features ?? [])],
    categories,
    hasDemo: true,
    devices: ["desktop", "mobile"],
    restrictedCountries: [],
    isOriginal: true,
    releasedAt: new Date("2026-11-01T00:00:00Z"),
    popularity: 50_000,
    aggregatorCode: null,
    mathModel: null,
    ...extra,
    ...(extra.features ? { features: ["provably-fair", ...extra.features] } : {}),
  };
}

/** The originals (fixed identities every part of the casino uses), with the RTPs their rules declare. */
export const ORIGINAL_GAMES: readonly GameSeed[] = [
  original("playfair-dice", "Dice", ["instant"], rtpOf("dice"), {
    localizedNames: { de: "Würfel", es: "Dados", "pt-br": "Dados", ru: "Кости", tr: "Zar", hi: "पासा", fa: "تاس" },
    popularity: 60_000,
  }),
  original("playfair-limbo", "Limbo", ["instant"], rtpOf("limbo"), { features: ["multiplier"], volatility: "high" }),
  original("playfair-mines", "Mines", ["instant"], rtpOf("mines"), {
    localizedNames: { de: "Minen", es: "Minas", "pt-br": "Minas", ru: "Мины", tr: "Mayınlar", hi: "माइंस", fa: "مین‌ها" },
    features: ["multiplier"],
    popularity: 58_000,
  }),
  original("playfair-plinko", "Plinko", ["instant"], rtpOf("plinko"), { features: ["multiplier"], volatility: "high", popularity: 57_000 }),
  original("playfair-keno", "Keno", ["lottery"], rtpOf("keno"), { localizedNames: { ru: "Кено", hi: "कीनो", fa: "کینو" }, volatility: "high" }),
  original("playfair-roulette", "Roulette", ["table"], rtpOf("roulette"), {
    localizedNames: { es: "Ruleta", "pt-br": "Roleta", ru: "Рулетка", tr: "Rulet", hi: "रूलेट", fa: "رولت" },
  }),
  original("playfair-blackjack", "Blackjack", ["card", "table"], rtpOf("blackjack"), { localizedNames: { ru: "Блэкджек", hi: "ब्लैकजैक", fa: "بلک‌جک" }, volatility: "low" }),
  original("playfair-slot", "Starfall", ["slots"], rtpOf("slot"), { features: ["free-spins", "multiplier"], volatility: "high", popularity: 59_000 }),
  original("playfair-crash", "Crash", ["crash"], rtpOf("crash"), { localizedNames: { ru: "Краш", fa: "کرش" }, features: ["multiplier", "multiplayer"], volatility: "high", popularity: 61_000 }),
];

/** Fictional studios: no name here belongs to a real one. */
type StudioSeed = { identity: string; name: string; kind: "slots" | "live" | "table" | "instant" };
export const STUDIOS: readonly StudioSeed[] = [
  { identity: "lumen-forge", name: "Lumen Forge", kind: "slots" },
  { identity: "copperfox", name: "Copperfox Studios", kind: "slots" },
  { identity: "nebula-reels", name: "Nebula Reels", kind: "slots" },
  { identity: "tidewater", name: "Tidewater Gaming", kind: "slots" },
  { identity: "orchid-loop", name: "Orchid Loop", kind: "slots" },
  { identity: "granite-owl", name: "Granite Owl", kind: "slots" },
  { identity: "velvet-comet", name: "Velvet Comet", kind: "slots" },
  { identity: "mossgate", name: "Mossgate Live", kind: "live" },
  { identity: "saffron-tables", name: "Saffron Tables", kind: "table" },
  { identity: "quickthorn", name: "Quickthorn Arcade", kind: "instant" },
];

const ADJECTIVES = [
  "Golden", "Lucky", "Wild", "Mystic", "Crystal", "Neon", "Ancient", "Frozen", "Blazing", "Royal", "Cosmic", "Hidden",
  "Thunder", "Jade", "Velvet", "Electric", "Savage", "Sunken", "Silver", "Emerald", "Midnight", "Crimson", "Rapid", "Sacred",
  "Copper", "Stormy", "Starlit", "Humble", "Roaring", "Dusty",
];
const NOUNS = [
  "Pharaoh", "Dragon", "Fortune", "Harbor", "Orchard", "Temple", "Comet", "Tiger", "Lantern", "Bison", "Kraken", "Gems",
  "Coins", "Phoenix", "Volcano", "Jungle", "Carnival", "Viking", "Samurai", "Pirates", "Bitcoin", "Cherries", "Mermaid",
  "Wolves", "Oasis", "Vault", "Rodeo", "Galaxy", "Meadow", "Bandits",
];
const SLOT_SUFFIXES = ["", "", "", "Deluxe", "Megaways", "Hold and Win", "Rush", "Bonanza", "Link", "Quest", "Returns", "Unleashed"];
const LIVE_NAMES = ["Roulette", "Blackjack", "Baccarat", "Wheel", "Dice Duel", "Poker Table", "Sic Bo", "Dragon Tiger"];
const TABLE_NAMES = ["Roulette", "Blackjack", "Baccarat", "Hi-Lo", "Three Card Poker", "Red Dog", "Casino Holdem", "War"];
const INSTANT_NAMES = ["Rocket", "Towers", "Scratch", "Bingo", "Lottery", "Plinko Drop", "Balloon", "Mines Field"];

/** mulberry32: a small, fixed pseudo-random sequence (demo data, not fairness). */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const RELEASE_START = Date.UTC(2021, 0, 1);
const RELEASE_END = Date.UTC(2026, 9, 31);
const DAY_MS = 86_400_000;

/**
 * `perStudio` games for each studio, the same on every call. `prefix` keeps the bench catalogue's
 * identities apart from the demo's.
 */
export function generateStudioGames(options: { perStudio: number; seed: number; prefix?: string }): GameSeed[] {
  const random = sequence(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (probability: number) => random() < probability;
  const seeds: GameSeed[] = [];
  const identities = new Set<string>();
  for (const studio of STUDIOS) {
    for (let index = 0; index < options.perStudio; index++) {
      let base: string;
      let categories: GameCategory[];
      let features: GameFeature[] = [];
      let mathModel: string = "table-roulette";
      switch (studio.kind) {
        case "slots": {
          const suffix = pick(SLOT_SUFFIXES);
          base = [pick(ADJECTIVES), pick(NOUNS), suffix].filter(Boolean).join(" ");
          categories = ["slots"];
          if (chance(0.6)) features.push("free-spins");
          if (chance(0.3)) features.push("bonus-buy");
          if (suffix === "Megaways") features.push("megaways");
          if (suffix === "Link" || chance(0.12)) features.push("jackpot");
          if (chance(0.4)) features.push("multiplier");
          if (suffix === "Megaways" || chance(0.25)) features.push("cascading-reels");
          if (suffix === "Hold and Win") features.push("hold-and-win");
          mathModel = features.includes("cascading-reels") ? "slot-cascade" : "slot-classic";
          break;
        }
        case "live":
          base = `${pick(ADJECTIVES)} ${pick(LIVE_NAMES)}`;
          categories = base.includes("Blackjack") || base.includes("Baccarat") || base.includes("Poker") ? ["live", "card"] : ["live", "table"];
          features = ["live", ...(chance(0.3) ? (["multiplier"] as const) : [])];
          break;
        case "table":
          base = `${pick(ADJECTIVES)} ${pick(TABLE_NAMES)}`;
          categories = base.includes("Roulette") ? ["table"] : ["table", "card"];
          if (chance(0.2)) features.push("multiplier");
          break;
        case "instant":
          base = `${pick(NOUNS)} ${pick(INSTANT_NAMES)}`;
          categories = base.includes("Rocket") || base.includes("Balloon") ? ["crash", "instant"] : base.includes("Bingo") || base.includes("Lottery") ? ["lottery"] : ["instant"];
          features = ["multiplier", ...(categories.includes("crash") ? (["multiplayer"] as const) : [])];
          break;
      }
      let identity = `${options.prefix ?? ""}${studio.identity}-${slugOf(base)}`;
      for (let copy = 2; identities.has(identity); copy++) identity = `${options.prefix ?? ""}${studio.identity}-${slugOf(base)}-${copy}`;
      identities.add(identity);
      const name = identity.endsWith(slugOf(base)) ? base : `${base} ${identity.split("-").at(-1)}`;
      const serial = seeds.length;
      seeds.push({
        identity,
        name,
        provider: studio.identity,
        rtp: ((9400 + Math.floor(random() * 351)) / 100).toFixed(2),
        volatility: pick(["low", "medium", "medium", "high"] as const),
        features: [...new Set(features)],
        categories,
        hasDemo: studio.kind !== "live" && !(serial % 29 === 0),
        devices: serial % 11 === 5 ? ["desktop"] : ["desktop", "mobile"],
        // A few games are not licensed everywhere: restricted in these countries.
        restrictedCountries: serial % 23 === 7 ? ["DE", "ES"] : serial % 31 === 3 ? ["TR"] : [],
        isOriginal: false,
        releasedAt: new Date(RELEASE_START + Math.floor(random() * ((RELEASE_END - RELEASE_START) / DAY_MS)) * DAY_MS),
        popularity: Math.floor(random() * 10_000),
        aggregatorCode: `${studio.identity}/${identity.slice((options.prefix ?? "").length + studio.identity.length + 1)}`,
        mathModel,
      });
    }
  }
  return seeds;
}

/** 10 studios x 32 games: the demo catalogue's third-party part. */
export const DEMO_STUDIO_GAMES = generateStudioGames({ perStudio: 32, seed: 20_261_127 });

type CollectionSeed = { identity: string; names: Record<string, string>; isHidden?: boolean; countries?: string[]; games: (all: readonly GameSeed[]) => GameSeed[] };

const byPopularity = (a: GameSeed, b: GameSeed) => b.popularity - a.popularity || a.identity.localeCompare(b.identity);
const byRelease = (a: GameSeed, b: GameSeed) => b.releasedAt.getTime() - a.releasedAt.getTime() || a.identity.localeCompare(b.identity);
const thirdParty = (all: readonly GameSeed[]) => all.filter((game) => !game.isOriginal);

/** The lobby's rails, in order; titles in every complete locale. */
export const COLLECTION_SEEDS: readonly CollectionSeed[] = [
  {
    identity: "originals",
    names: { en: "Playfair Originals", de: "Playfair Originals", es: "Originales de Playfair", "pt-br": "Originais Playfair", ru: "Оригинальные игры Playfair", tr: "Playfair Orijinalleri", hi: "Playfair ओरिजिनल्स", fa: "بازی‌های اختصاصی Playfair" },
    games: (all) => all.filter((game) => game.isOriginal),
  },
  {
    identity: "popular",
    names: { en: "Popular", de: "Beliebt", es: "Populares", "pt-br": "Populares", ru: "Популярные", tr: "Popüler", hi: "लोकप्रिय", fa: "محبوب" },
    games: (all) => [...all].sort(byPopularity).slice(0, 40),
  },
  {
    identity: "new",
    names: { en: "New", de: "Neu", es: "Nuevos", "pt-br": "Novos", ru: "Новинки", tr: "Yeni", hi: "नए", fa: "جدید" },
    games: (all) => [...thirdParty(all)].sort(byRelease).slice(0, 40),
  },
  {
    identity: "slots",
    names: { en: "Slots", de: "Slots", es: "Tragamonedas", "pt-br": "Caça-níqueis", ru: "Слоты", tr: "Slotlar", hi: "स्लॉट्स", fa: "اسلات‌ها" },
    games: (all) => all.filter((game) => game.categories.includes("slots")).sort(byPopularity).slice(0, 80),
  },
  {
    identity: "live",
    names: { en: "Live casino", de: "Live-Casino", es: "Casino en vivo", "pt-br": "Cassino ao vivo", ru: "Живое казино", tr: "Canlı casino", hi: "लाइव कैसीनो", fa: "کازینوی زنده" },
    games: (all) => all.filter((game) => game.categories.includes("live")).sort(byPopularity),
  },
  {
    identity: "table",
    names: { en: "Table games", de: "Tischspiele", es: "Juegos de mesa", "pt-br": "Jogos de mesa", ru: "Настольные игры", tr: "Masa oyunları", hi: "टेबल गेम्स", fa: "بازی‌های رومیزی" },
    games: (all) => all.filter((game) => game.categories.includes("table") && !game.categories.includes("live")).sort(byPopularity),
  },
  {
    identity: "jackpots",
    names: { en: "Jackpots", de: "Jackpots", es: "Botes", "pt-br": "Jackpots", ru: "Джекпоты", tr: "Jackpotlar", hi: "जैकपॉट", fa: "جک‌پات‌ها" },
    games: (all) => all.filter((game) => game.features.includes("jackpot")).sort(byPopularity),
  },
  {
    identity: "samba-spins",
    names: { en: "Samba spins", de: "Samba-Spins", es: "Giros de samba", "pt-br": "Giros do samba", ru: "Самба-спины", tr: "Samba çevirmeleri", hi: "सांबा स्पिन", fa: "چرخش‌های سامبا" },
    countries: ["BR", "PT"],
    games: (all) => thirdParty(all).filter((game) => /Carnival|Jungle|Oasis|Rodeo|Bonanza/.test(game.name)).sort(byPopularity),
  },
  {
    identity: "staff-picks",
    names: { en: "Staff picks", de: "Empfehlungen des Teams", es: "Elegidos por el equipo", "pt-br": "Escolhas da equipe", ru: "Выбор команды", tr: "Ekibin seçtikleri", hi: "टीम की पसंद", fa: "انتخاب‌های تیم" },
    // Not a lobby rail: a list the operator links to from promotions.
    isHidden: true,
    games: (all) => thirdParty(all).filter((_, index) => index % 37 === 0),
  },
];

const INSERT_CHUNK = 200;

/** Inserts the providers and games that are missing; returns every seeded identity's id. */
export async function insertGames(db: DbExecutor, seeds: readonly GameSeed[], providers: readonly { identity: string; name: string }[]): Promise<Map<string, string>> {
  await db.insert(gameProviders).values([...providers]).onConflictDoNothing({ target: gameProviders.identity });
  const providerRows = await db
    .select()
    .from(gameProviders)
    .where(inArray(gameProviders.identity, providers.map((provider) => provider.identity)));
  const providerById = new Map(providerRows.map((row) => [row.identity, row]));
  for (let start = 0; start < seeds.length; start += INSERT_CHUNK) {
    const chunk = seeds.slice(start, start + INSERT_CHUNK).map((seed) => {
      const provider = providerById.get(seed.provider);
      if (!provider) throw new Error(`seed game ${seed.identity} names unknown provider ${seed.provider}`);
      const { provider: _provider, localizedNames, ...columns } = seed;
      return { ...columns, localizedNames: localizedNames ?? {}, providerId: provider.id, searchText: searchTextOf([seed.name, ...Object.values(localizedNames ?? {})], provider.name) };
    });
    await db.insert(games).values(chunk).onConflictDoNothing({ target: games.identity });
  }
  const ids = new Map<string, string>();
  for (let start = 0; start < seeds.length; start += 1_000) {
    const rows = await db
      .select({ id: games.id, identity: games.identity })
      .from(games)
      .where(inArray(games.identity, seeds.slice(start, start + 1_000).map((seed) => seed.identity)));
    for (const row of rows) ids.set(row.identity, row.id);
  }
  return ids;
}

/** The demo catalogue: originals, studios' games, and the collections that are missing. */
export async function seedCatalogue(db: DbExecutor): Promise<void> {
  const all = [...ORIGINAL_GAMES, ...DEMO_STUDIO_GAMES];
  const ids = await insertGames(db, all, [ORIGINALS_PROVIDER, ...STUDIOS.map(({ identity, name }) => ({ identity, name }))]);
  for (const [position, seed] of COLLECTION_SEEDS.entries()) {
    const [created] = await db
      .insert(gameCollections)
      .values({ identity: seed.identity, names: seed.names, isHidden: seed.isHidden ?? false, countries: seed.countries ?? [], position })
      .onConflictDoNothing({ target: gameCollections.identity })
      .returning({ id: gameCollections.id });
    // An existing collection is the operator's: its games and order are left alone.
    if (!created) continue;
    const members = seed.games(all).flatMap((game, order) => {
      const gameId = ids.get(game.identity);
      return gameId ? [{ collectionId: created.id, gameId, position: order }] : [];
    });
    if (members.length > 0) await db.insert(gameCollectionGames).values(members);
  }
}

/**
 * The benchmark's catalogue: `count` more third-party games (identities prefixed "bench-"), in
 * the same collections' spirit (the first ones join "new"). Idempotent like the demo seed.
 */
export async function seedBenchGames(db: DbExecutor, count = 5_000): Promise<number> {
  const perStudio = Math.ceil(count / STUDIOS.length);
  const seeds = generateStudioGames({ perStudio, seed: 5_000_000, prefix: "bench-" }).slice(0, count);
  await insertGames(db, seeds, STUDIOS.map(({ identity, name }) => ({ identity, name })));
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(games).where(eq(games.hidden, false));
  return row?.count ?? 0;
}
