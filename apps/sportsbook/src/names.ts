import type { EventSummary, MarketView } from "@playfair/contracts/sport/sportsbook-api";
import { isMessageKey, type Translate } from "./i18n.ts";

type EventNames = Pick<EventSummary, "home" | "away">;

/** A specifier's value: `total=2.5|hcp=-1` -> the value of `total`. */
export function specifierValue(specifiers: string, name: string): string | null {
  for (const part of specifiers.split("|")) {
    const [key, value] = part.split("=");
    if (key === name && value !== undefined) return value;
  }
  return null;
}

export function marketName(t: Translate, market: Pick<MarketView, "marketTypeId" | "specifiers">): string {
  const key = `market.${market.marketTypeId}`;
  const name = isMessageKey(key) ? t(key) : t("market.other", { id: market.marketTypeId });
  const line = specifierValue(market.specifiers, "total") ?? specifierValue(market.specifiers, "hcp");
  return line === null ? name : `${name} ${line}`;
}

/** An outcome as the player reads it: the team's name for 1 and 2, Draw for X, Over 2.5 ... */
export function outcomeName(t: Translate, market: Pick<MarketView, "specifiers">, outcomeId: string, event: EventNames): string {
  // Without the competitors' names (a bet's legs), the sides are named generically rather than by their ids.
  const home = event.home?.name ?? t("outcome.home");
  const away = event.away?.name ?? t("outcome.away");
  const line = specifierValue(market.specifiers, "total") ?? "";
  switch (outcomeId) {
    case "1":
      return home;
    case "2":
      return away;
    case "X":
      return t("outcome.draw");
    case "1X":
      return `${home} / ${t("outcome.draw")}`;
    case "X2":
      return `${t("outcome.draw")} / ${away}`;
    case "12":
      return `${home} / ${away}`;
    case "over":
      return t("outcome.over", { line });
    case "under":
      return t("outcome.under", { line });
    case "yes":
      return t("outcome.yes");
    case "no":
      return t("outcome.no");
  }
  if (event.home && String(event.home.id) === outcomeId) return event.home.name;
  if (event.away && String(event.away.id) === outcomeId) return event.away.name;
  return outcomeId;
}

/** Markets in the order a sportsbook shows them: by type, then by line. */
export function groupMarkets(markets: readonly MarketView[]): { marketTypeId: number; markets: MarketView[] }[] {
  const groups = new Map<number, MarketView[]>();
  for (const market of markets) {
    if (market.status === "deactivated" || market.status === "cancelled") continue;
    const list = groups.get(market.marketTypeId) ?? [];
    list.push(market);
    groups.set(market.marketTypeId, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([marketTypeId, list]) => ({ marketTypeId, markets: list }));
}
