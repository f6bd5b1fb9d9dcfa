import { buildSportPath, sportEventFallbackPath, sportSlug } from "@playfair/contracts/sport/sport-paths";
import type { Competitor, EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { MARKET_TYPES, sportById, type SportKind } from "@playfair/contracts/sport/sports";
import { localizePath } from "#app/lib/locale.ts";
import type { Language } from "#app/lib/i18n.ts";

// The home page's sport carousels as plain data: which events, where each card leads, what it
// shows. Rendering (sport-carousels.tsx) and translation happen on the server only.

/** Spec 9: the top events carousel shows 15 events, the live carousel 7. */
export const TOP_EVENTS_COUNT = 15;
export const LIVE_EVENTS_COUNT = 7;

export type CarouselKind = "top" | "live";

/** One match-result price: the outcome (1, X, 2) and its odds, or null while it cannot be taken. */
export type CardPrice = { outcome: "1" | "X" | "2"; odds: string | null };

export type CarouselCard = {
  eventId: number;
  /** The event's sportsbook address (spec 2.3) under the page's locale prefix. */
  href: string;
  sportId: number;
  /** Image type 2 (spec 3, the sport's card image): the catalogue's, else our artwork of its family. */
  artwork: string;
  categoryName: string;
  championshipName: string;
  eventName: string;
  home: Pick<Competitor, "name" | "crest"> | null;
  away: Pick<Competitor, "name" | "crest"> | null;
  /** ISO date-time of the start. */
  startsAt: string;
  /** On the live carousel: the score and the minute being played, where the feed sends them. */
  live: { score: { home: number; away: number } | null; minute: number | null } | null;
  /** The match result (1 X 2) or moneyline (1 2) prices; null when the event has neither. */
  prices: CardPrice[] | null;
};

/** Our own card artwork, one picture per sport family (apps/web/public/art/sport/). */
const FAMILY_ARTWORK: Record<SportKind, string> = {
  "team-goals": "/art/sport/team-goals.svg",
  "team-points": "/art/sport/team-points.svg",
  sets: "/art/sport/sets.svg",
  maps: "/art/sport/maps.svg",
  fight: "/art/sport/fight.svg",
  race: "/art/sport/race.svg",
  outright: "/art/sport/outright.svg",
  promo: "/art/sport/outright.svg",
};

export function sportArtwork(sportId: number): string {
  const sport = sportById(sportId);
  if (!sport) return FAMILY_ARTWORK.outright;
  return sport.cardImage ?? FAMILY_ARTWORK[sport.kind];
}

/**
 * Where a card leads: the event's full address when its sport is in the catalogue and every name
 * makes a slug; otherwise the live carousel's fallback `/sport/event/{eventId}` (spec 2.3) and, for
 * the top events, `/sport?eventId=` (the spec's address of an event whose sport is not known).
 */
export function eventAddress(event: Pick<EventSummary, "id" | "name" | "sportId" | "categoryId" | "categoryName" | "championshipId" | "championshipName">, kind: CarouselKind, language: Language): string {
  const sport = sportById(event.sportId);
  const named = [sport?.name ?? "", event.categoryName, event.championshipName, event.name].every((name) => sportSlug(name) !== "");
  let path: string;
  if (sport && named) {
    path = buildSportPath(
      {
        sport: { id: sport.id, name: sport.name },
        category: { id: event.categoryId, name: event.categoryName },
        championship: { id: event.championshipId, name: event.championshipName },
        event: { id: event.id, name: event.name },
      },
      language,
    );
  } else {
    path = kind === "live" ? sportEventFallbackPath(event.id) : buildSportPath({ event: { id: event.id, name: event.name } }, language);
  }
  return localizePath(path, language);
}

const RESULT_OUTCOMES: readonly CardPrice["outcome"][] = ["1", "X", "2"];
const RESULT_MARKET_IDS: ReadonlySet<number> = new Set([MARKET_TYPES.matchResult.id, MARKET_TYPES.moneyline.id]);

/** The main market's 1 X 2 prices; a price is shown only while it can be taken. */
export function resultPrices(event: Pick<EventSummary, "mainMarket" | "suspended">): CardPrice[] | null {
  const market = event.mainMarket;
  if (!market || !RESULT_MARKET_IDS.has(market.marketTypeId) || market.specifiers !== "") return null;
  const open = market.status === "active" && !event.suspended;
  const prices = RESULT_OUTCOMES.flatMap((outcome) => {
    const found = market.outcomes.find((candidate) => candidate.id === outcome);
    return found ? [{ outcome, odds: open && found.active ? found.odds : null }] : [];
  });
  return prices.length > 0 ? prices : null;
}

/** A match clock in seconds as the minute being played (44:10 is the 45th minute). */
export function playedMinute(clockSeconds: number | null): number | null {
  return clockSeconds === null ? null : Math.floor(clockSeconds / 60) + 1;
}

export function carouselCard(event: EventSummary, kind: CarouselKind, language: Language): CarouselCard {
  const liveState = event.liveState;
  return {
    eventId: event.id,
    href: eventAddress(event, kind, language),
    sportId: event.sportId,
    artwork: sportArtwork(event.sportId),
    categoryName: event.categoryName,
    championshipName: event.championshipName,
    eventName: event.name,
    home: event.home ? { name: event.home.name, crest: event.home.crest } : null,
    away: event.away ? { name: event.away.name, crest: event.away.crest } : null,
    startsAt: event.startsAt,
    live:
      kind === "live"
        ? { score: liveState ? { home: liveState.homeScore, away: liveState.awayScore } : null, minute: playedMinute(liveState?.clockSeconds ?? null) }
        : null,
    prices: resultPrices(event),
  };
}

/**
 * The cards of a carousel, in the order the sportsbook lists them, at most the carousel's count;
 * an event listed twice (a read racing a feed update) is shown once.
 */
export function carouselCards(events: readonly EventSummary[], kind: CarouselKind, language: Language): CarouselCard[] {
  const limit = kind === "top" ? TOP_EVENTS_COUNT : LIVE_EVENTS_COUNT;
  const seen = new Set<number>();
  const cards: CarouselCard[] = [];
  for (const event of events) {
    if (cards.length === limit) break;
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    cards.push(carouselCard(event, kind, language));
  }
  return cards;
}
