import { buildSportPath, SPORT_ROOT_PATH } from "@playfair/contracts/sport/sport-paths";
import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { sportById } from "@playfair/contracts/sport/sports";
import type { WebServices } from "@playfair/contracts/web-services";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { renderToStaticMarkup } from "react-dom/server";
import { dayjsLocaleName, loadDateLocale } from "#app/lib/dates.ts";
import { i18nFor, type Language } from "#app/lib/i18n.ts";
import { localizePath } from "#app/lib/locale.ts";
import { carouselCards, LIVE_EVENTS_COUNT, TOP_EVENTS_COUNT } from "./carousel-cards.ts";
import { SportCarousels, type CarouselText } from "./sport-carousels.tsx";

// The carousels are rendered to HTML here, on the server, and the home page places that HTML as it
// is: the browser gets no script for them beyond rewriting the start times in the visitor's zone
// (local-start-times.ts), which keeps the home page inside its JavaScript budget (ADR 010). They show the feed as it was when the page was rendered; a guest's page may come from
// the guest page cache, at most GUEST_PAGE_CACHE_MS old.

dayjs.extend(utc);

/** Spec 9 sportsbook date formats: the time alone today, day and month this year, else the date. */
const START_FORMATS = { today: "HH:mm", thisYear: "DD.MM HH:mm", other: "DD.MM.YY, HH:mm" } as const;

/**
 * An event's start in UTC: the page may be cached and shared between visitors, so it cannot be
 * written in a visitor's own time zone, and it says which one it is in (until the browser
 * rewrites it in the visitor's zone, local-start-times.ts).
 */
export function formatEventStart(iso: string, language: Language, now: Date): string {
  const start = dayjs.utc(iso);
  const today = dayjs.utc(now);
  const format = start.isSame(today, "day") ? START_FORMATS.today : start.isSame(today, "year") ? START_FORMATS.thisYear : START_FORMATS.other;
  return start.locale(dayjsLocaleName(language)).format(format);
}

function carouselText(language: Language, now: Date): CarouselText {
  const t = i18nFor(language).getFixedT(language, "pages", "homeSport");
  return {
    title: { top: t("topTitle"), live: t("liveTitle") },
    seeAll: { top: t("allSports"), live: t("allLive") },
    seeAllHref: { top: localizePath(SPORT_ROOT_PATH, language), live: localizePath(buildSportPath({ page: "live" }), language) },
    live: t("live"),
    timeZone: t("timeZone"),
    matchResult: t("matchResult"),
    priceUnavailable: t("priceUnavailable"),
    sportName: (sportId) => t(`sports.${sportId}`, { defaultValue: sportById(sportId)?.name ?? t("sportUnknown") }),
    versus: (home, away) => t("versus", { home, away }),
    score: (home, away) => t("score", { home, away }),
    minute: (minute) => t("minute", { minute }),
    startTime: (iso) => formatEventStart(iso, language, now),
  };
}

/** The carousels' HTML for these events in a language, or null when neither has an event. */
export function renderSportCarousels(events: { top: readonly EventSummary[]; live: readonly EventSummary[] }, language: Language, now: Date): string | null {
  const carousels = [
    { kind: "top" as const, cards: carouselCards(events.top, "top", language) },
    { kind: "live" as const, cards: carouselCards(events.live, "live", language) },
  ];
  if (carousels.every((carousel) => carousel.cards.length === 0)) return null;
  return renderToStaticMarkup(<SportCarousels carousels={carousels} text={carouselText(language, now)} />);
}

/** A carousel's events; a failed read is logged and counts as no events, so the page still renders. */
async function readCarousel(read: () => Promise<EventSummary[]>, name: string): Promise<EventSummary[]> {
  try {
    return await read();
  } catch (error) {
    console.error(`Home page: the ${name} carousel could not be loaded`, error);
    return [];
  }
}

/**
 * How long one language's carousels are shared by the renders that follow: the page shows the feed
 * as of the render anyway, and reading both lists and rendering the cards for every page view cut
 * the rendered home page's throughput to less than half (ADR 035).
 */
const CAROUSELS_SHARED_MS = 1000;
const sharedCarousels = new Map<Language, { html: Promise<string | null>; renderedAt: number }>();

/** The carousels' HTML for a language, shared for a second by every render of this thread. */
export function sportCarouselsFor(sport: WebServices["sport"], language: Language, now = Date.now()): Promise<string | null> {
  const shared = sharedCarousels.get(language);
  if (shared !== undefined && now - shared.renderedAt < CAROUSELS_SHARED_MS) return shared.html;
  const html = loadSportCarousels(sport, language, new Date(now));
  sharedCarousels.set(language, { html, renderedAt: now });
  return html;
}

/**
 * The home page's sport carousels as HTML, read in-process from the sportsbook's lists: the
 * top events (15) and the live events (7). Null when there is nothing to show (no feed, no open
 * events, or both reads failed): the page then has no sport section.
 */
export async function loadSportCarousels(sport: WebServices["sport"], language: Language, now = new Date()): Promise<string | null> {
  const [top, live] = await Promise.all([
    readCarousel(() => sport.topEvents(TOP_EVENTS_COUNT), "top events"),
    readCarousel(() => sport.liveEvents(LIVE_EVENTS_COUNT), "live"),
    loadDateLocale(language),
  ]);
  try {
    return renderSportCarousels({ top, live }, language, now);
  } catch (error) {
    console.error("Home page: the sport carousels could not be rendered", error);
    return null;
  }
}
