import type { EventSummary, MarketView } from "@playfair/contracts/sport/sportsbook-api";
import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import type { Translate } from "../i18n.ts";
import { selectionKey, type Selection } from "../slip.ts";
import { sportName } from "../sports.ts";

type EventForSlip = Pick<EventSummary, "id" | "name" | "suspended" | "status">;

/** Is this market's price closed to new bets now? */
export function isLocked(event: Pick<EventSummary, "suspended" | "status">, market: Pick<MarketView, "status">, active = true): boolean {
  return event.suspended || market.status !== "active" || !active || event.status === "suspended";
}

export function selectionOf(event: EventForSlip, market: MarketView, outcomeId: string, outcomeName: string): Selection | null {
  const outcome = market.outcomes.find((entry) => entry.id === outcomeId);
  if (!outcome) return null;
  return {
    eventId: event.id,
    eventName: event.name,
    marketKey: market.marketKey,
    marketTypeId: market.marketTypeId,
    specifiers: market.specifiers,
    outcomeId,
    outcomeName,
    odds: outcome.odds,
    marketVersion: market.version,
    locked: isLocked(event, market, outcome.active),
  };
}

export function selectedKeys(selections: readonly Selection[]): ReadonlySet<string> {
  return new Set(selections.map(selectionKey));
}

/** An event's address by the spec's slug rules (ids in the query outside English). */
export function eventPath(t: Translate, locale: SportsbookLocale, event: Pick<EventSummary, "id" | "name" | "sportId" | "categoryId" | "categoryName" | "championshipId" | "championshipName">): string {
  return buildSportPath(
    {
      sport: { id: event.sportId, name: sportName(t, event.sportId) },
      category: { id: event.categoryId, name: event.categoryName },
      championship: { id: event.championshipId, name: event.championshipName },
      event: { id: event.id, name: event.name },
    },
    locale,
  );
}
