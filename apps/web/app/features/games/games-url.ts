import {
  CatalogueIdentitySchema,
  GAME_CATEGORIES,
  GAME_FEATURES,
  GAME_SORTS,
  type GameCategory,
  type GameFeature,
  type GamesQuery,
} from "@playfair/contracts/game/catalogue";

/**
 * The `/games/:params` filter pages' addresses: key/value segment pairs in a fixed order, lists
 * comma-separated, so one selection has exactly one address (shareable, cacheable, one canonical):
 *
 *   /games/collection/new
 *   /games/provider/playfair
 *   /games/category/slots/provider/northern-lights,playfair/feature/free-spins/sort/new
 *
 * Keys: collection (one), category, provider, feature (lists, sorted, at most 20 each), sort (not
 * written when it is the default, popular). An address with an unknown key, a repeated key, an
 * unknown value or a non-canonical order is not a filter page: the loader answers 404, or
 * redirects to the canonical address when only the order or spelling differs.
 */
export type GamesFilter = {
  collection?: string;
  category: GameCategory[];
  provider: string[];
  feature: GameFeature[];
  sort: GamesQuery["sort"];
};

export const EMPTY_FILTER: GamesFilter = { category: [], provider: [], feature: [], sort: "popular" };

const KEYS = ["collection", "category", "provider", "feature", "sort"] as const;
type Key = (typeof KEYS)[number];
const MAX_LIST = 20;

const isIdentity = (value: string) => CatalogueIdentitySchema.safeParse(value).success;
const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);
const isFeature = (value: string): value is GameFeature => (GAME_FEATURES as readonly string[]).includes(value);
const isSort = (value: string): value is GamesQuery["sort"] => (GAME_SORTS as readonly string[]).includes(value);

function list<T extends string>(raw: string, accepts: (value: string) => value is T): T[] | null;
function list(raw: string, accepts: (value: string) => boolean): string[] | null;
function list(raw: string, accepts: (value: string) => boolean): string[] | null {
  const values = raw.split(",");
  if (values.length > MAX_LIST || values.some((value) => !accepts(value))) return null;
  return [...new Set(values)].sort();
}

/** The filter a `/games/` remainder names ("provider/playfair/sort/new"), or null when it names none. */
export function parseGamesPath(remainder: string): GamesFilter | null {
  const segments = remainder.split("/").filter((segment) => segment !== "");
  if (segments.length === 0 || segments.length % 2 !== 0) return null;
  const filter: GamesFilter = { ...EMPTY_FILTER };
  const seen = new Set<Key>();
  for (let index = 0; index < segments.length; index += 2) {
    const key = segments[index] as Key;
    const raw = decodeURIComponent(segments[index + 1]!).toLowerCase();
    if (!KEYS.includes(key) || seen.has(key)) return null;
    seen.add(key);
    if (key === "collection") {
      if (!isIdentity(raw)) return null;
      filter.collection = raw;
    } else if (key === "sort") {
      if (!isSort(raw)) return null;
      filter.sort = raw;
    } else if (key === "provider") {
      const values = list(raw, isIdentity);
      if (!values) return null;
      filter.provider = values;
    } else {
      const values = key === "category" ? list(raw, isCategory) : list(raw, isFeature);
      if (!values) return null;
      if (key === "category") filter.category = values as GameCategory[];
      else filter.feature = values as GameFeature[];
    }
  }
  return filter;
}

/** The canonical unprefixed address of a filter: "/games" for the empty one. */
export function gamesPath(filter: GamesFilter): string {
  const parts: string[] = [];
  if (filter.collection !== undefined) parts.push("collection", filter.collection);
  for (const key of ["category", "provider", "feature"] as const) {
    const values = [...new Set(filter[key])].sort();
    if (values.length > 0) parts.push(key, values.join(","));
  }
  if (filter.sort !== "popular") parts.push("sort", filter.sort);
  return parts.length === 0 ? "/games" : `/games/${parts.join("/")}`;
}

/** The API query of a filter page (GET /api/game/games), lists comma-separated as the API reads them. */
export function gamesApiQuery(filter: GamesFilter, page: number, perPage: number): Record<string, string | number | undefined> {
  const joined = (values: readonly string[]) => (values.length > 0 ? values.join(",") : undefined);
  return {
    collection: filter.collection,
    category: joined(filter.category),
    provider: joined(filter.provider),
    feature: joined(filter.feature),
    sort: filter.sort,
    page,
    perPage,
  };
}

/** The same as the contract's query object, for the in-process read a loader makes. */
export function gamesQuery(filter: GamesFilter, page: number, perPage: number): GamesQuery {
  return {
    page,
    perPage,
    sort: filter.sort,
    ...(filter.collection !== undefined ? { collection: filter.collection } : {}),
    ...(filter.category.length > 0 ? { category: filter.category } : {}),
    ...(filter.provider.length > 0 ? { provider: filter.provider } : {}),
    ...(filter.feature.length > 0 ? { feature: filter.feature } : {}),
  };
}
