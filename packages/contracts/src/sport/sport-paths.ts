/**
 * The sport section's addresses (spec 2.3), shared by the site (its address bar) and the widget
 * (its in-memory router): /sport/{page?}/{sport}/{category}/{championship}/{eventId}-{eventName}.
 * Every segment is a slug of a name; ids travel only where a slug cannot name them: the event's id
 * in its segment, `eventId` in the query when no sport is known, `categoryIds` and
 * `championshipIds` when more than one is chosen or the names are not English.
 */

export const SPORT_ROOT_PATH = "/sport";

/** The widget's own pages, named by the first segment. */
export const SPORT_SPECIAL_PAGES = ["betHistory", "history", "live", "results", "resultDetails", "settings", "search", "esports", "virtual"] as const;
export type SportSpecialPage = (typeof SPORT_SPECIAL_PAGES)[number];

/** The first segment of the fallback address of an event whose sport is not known (/sport/event/{eventId}). */
const EVENT_FALLBACK_SEGMENT = "event";

export type NamedId = { id: number; name: string };

/** Where the sport section is: every part optional, outer parts before inner ones. */
export type SportLocation = {
  page?: SportSpecialPage;
  sport?: NamedId;
  category?: NamedId;
  championship?: NamedId;
  event?: NamedId;
  /** Several categories or championships chosen at once (a filter). */
  categoryIds?: readonly number[];
  championshipIds?: readonly number[];
};

/** An address read back: slugs where the address has names, numbers where it has ids. */
export type ParsedSportPath = {
  page: SportSpecialPage | null;
  sportSlug: string | null;
  categorySlug: string | null;
  championshipSlug: string | null;
  eventId: number | null;
  eventSlug: string | null;
  categoryIds: number[];
  championshipIds: number[];
};

/** Spec 2.3: lowercased, brackets, commas and dots dropped, spaces become hyphens. */
export function sportSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[()[\]{}<>,.]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

function isSpecialPage(segment: string): segment is SportSpecialPage {
  return (SPORT_SPECIAL_PAGES as readonly string[]).includes(segment);
}

function isEnglish(locale: string): boolean {
  return locale === "en" || locale.toLowerCase().startsWith("en-");
}

/** Ids are written when more than one is chosen, or when the names (and so the slugs) are not English. */
function idsParameter(ids: readonly number[] | undefined, single: NamedId | undefined, locale: string): string | null {
  const all = ids && ids.length > 0 ? ids : single ? [single.id] : [];
  if (all.length === 0) return null;
  return all.length > 1 || !isEnglish(locale) ? all.join(",") : null;
}

/**
 * The address of a location (without the site's locale prefix). `locale` is the language the
 * names are in: outside English a slug cannot be matched back to a name, so the ids go along.
 */
export function buildSportPath(location: SportLocation, locale = "en"): string {
  const segments: string[] = [];
  if (location.page) segments.push(location.page);
  const query = new URLSearchParams();
  if (location.sport) {
    segments.push(sportSlug(location.sport.name));
    if (location.category) {
      segments.push(sportSlug(location.category.name));
      if (location.championship) {
        segments.push(sportSlug(location.championship.name));
        if (location.event) segments.push(`${location.event.id}-${sportSlug(location.event.name)}`);
      }
    }
    const categoryIds = idsParameter(location.categoryIds, location.category, locale);
    if (categoryIds) query.set("categoryIds", categoryIds);
    const championshipIds = idsParameter(location.championshipIds, location.championship, locale);
    if (championshipIds) query.set("championshipIds", championshipIds);
  } else if (location.event) {
    query.set("eventId", String(location.event.id));
  }
  const path = [SPORT_ROOT_PATH, ...segments].join("/");
  const search = query.toString().replaceAll("%2C", ",");
  return search ? `${path}?${search}` : path;
}

/** The fallback address of an event whose sport and championship are not known (the live carousel's odd selections). */
export function sportEventFallbackPath(eventId: number): string {
  return `${SPORT_ROOT_PATH}/${EVENT_FALLBACK_SEGMENT}/${eventId}`;
}

function positiveInteger(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

function idList(text: string | null): number[] {
  if (!text) return [];
  return text
    .split(",")
    .map((part) => positiveInteger(part.trim()))
    .filter((id): id is number => id !== null);
}

/** The event segment `{eventId}-{eventName}`: its id and the name's slug. */
function eventSegment(segment: string): { id: number; slug: string } | null {
  const match = /^(\d{1,15})(?:-(.*))?$/.exec(segment);
  const id = positiveInteger(match?.[1]);
  return id === null ? null : { id, slug: match?.[2] ?? "" };
}

/**
 * Reads an address back (`pathname` without the site's locale prefix, `search` with or without
 * its `?`). Anything that is not under /sport reads as the sport section's start.
 */
export function parseSportPath(pathname: string, search = ""): ParsedSportPath {
  const query = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const parsed: ParsedSportPath = {
    page: null,
    sportSlug: null,
    categorySlug: null,
    championshipSlug: null,
    eventId: positiveInteger(query.get("eventId")),
    eventSlug: null,
    categoryIds: idList(query.get("categoryIds")),
    championshipIds: idList(query.get("championshipIds")),
  };
  const segments = pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  if (segments[0] !== SPORT_ROOT_PATH.slice(1)) return parsed;
  let rest = segments.slice(1);
  if (rest[0] === EVENT_FALLBACK_SEGMENT) {
    parsed.eventId = positiveInteger(rest[1]) ?? parsed.eventId;
    return parsed;
  }
  if (rest[0] !== undefined && isSpecialPage(rest[0])) {
    parsed.page = rest[0];
    rest = rest.slice(1);
  }
  parsed.sportSlug = rest[0] ?? null;
  parsed.categorySlug = rest[1] ?? null;
  parsed.championshipSlug = rest[2] ?? null;
  const event = rest[3] !== undefined ? eventSegment(rest[3]) : null;
  if (event) {
    parsed.eventId = event.id;
    parsed.eventSlug = event.slug;
  }
  return parsed;
}

/** Is this path (without the locale prefix) in the sport section? */
export function isSportPath(pathname: string): boolean {
  return pathname === SPORT_ROOT_PATH || pathname.startsWith(`${SPORT_ROOT_PATH}/`);
}
