import { parseSportPath, type SportSpecialPage } from "@playfair/contracts/sport/sport-paths";
import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { ESPORTS_SPORT_ID, sportIdFromSlug } from "./sports.ts";

/** What the widget shows for an address of its in-memory router. */
export type WidgetView =
  | { screen: "home" }
  | { screen: "live"; sportId: number | null }
  | { screen: "sport"; sportId: number; categorySlug: string | null; championshipSlug: string | null; categoryIds: number[]; championshipIds: number[] }
  | { screen: "event"; eventId: number }
  | { screen: "bets"; settled: boolean }
  | { screen: "search" }
  | { screen: "settings" }
  | { screen: "virtual" }
  | { screen: "notFound" };

const BET_PAGES: Partial<Record<SportSpecialPage, boolean>> = { betHistory: false, history: true, results: true };

export function viewOf(path: string, locale: SportsbookLocale): WidgetView {
  const [pathname = "", search = ""] = path.split("?");
  const parsed = parseSportPath(pathname, search);
  const page = parsed.page;
  if (page !== null && page in BET_PAGES) return { screen: "bets", settled: BET_PAGES[page] ?? false };
  if (page === "search") return { screen: "search" };
  if (page === "settings") return { screen: "settings" };
  if (page === "virtual") return { screen: "virtual" };
  if (parsed.eventId !== null) return { screen: "event", eventId: parsed.eventId };
  if (page === "resultDetails") return { screen: "bets", settled: true };
  if (page === "esports") {
    // /sport/esports/{category}/{championship}: the e-sports sport with its levels one segment earlier.
    return { screen: "sport", sportId: ESPORTS_SPORT_ID, categorySlug: parsed.sportSlug, championshipSlug: parsed.categorySlug, categoryIds: parsed.categoryIds, championshipIds: parsed.championshipIds };
  }
  const sportId = parsed.sportSlug === null ? null : sportIdFromSlug(parsed.sportSlug, locale);
  if (page === "live") return { screen: "live", sportId };
  if (parsed.sportSlug === null) return { screen: "home" };
  if (sportId === null) return { screen: "notFound" };
  return { screen: "sport", sportId, categorySlug: parsed.categorySlug, championshipSlug: parsed.championshipSlug, categoryIds: parsed.categoryIds, championshipIds: parsed.championshipIds };
}
