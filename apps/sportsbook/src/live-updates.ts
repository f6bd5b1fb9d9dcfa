import type { EventDetail, EventSummary, MarketView, SportEventUpdate } from "@playfair/contracts/sport/sportsbook-api";

/** The channels of the public `sport` namespace (ADR 035). */
export const sportEventChannel = (eventId: number) => `sport:event-${eventId}`;
export const SPORT_LIVE_CHANNEL = "sport:live";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A publication as an event update, or null when it is not one (a malformed message never reaches the screen). */
export function eventUpdateFrom(data: unknown): SportEventUpdate | null {
  if (!isRecord(data) || typeof data.eventId !== "number" || typeof data.status !== "string" || !Array.isArray(data.markets)) return null;
  if (typeof data.suspended !== "boolean") return null;
  const marketsOk = data.markets.every((market) => isRecord(market) && typeof market.marketKey === "string" && Array.isArray(market.outcomes));
  return marketsOk ? (data as SportEventUpdate) : null;
}

/** Channel updates carry prices only: competitor names read with the event page stay on its outcomes. */
function withOutcomeNames(update: MarketView, current: MarketView): MarketView {
  const names = new Map(current.outcomes.flatMap((outcome) => (outcome.name === undefined ? [] : [[outcome.id, outcome.name] as const])));
  if (names.size === 0) return update;
  return {
    ...update,
    outcomes: update.outcomes.map((outcome) => {
      const name = outcome.name ?? names.get(outcome.id);
      return name === undefined ? outcome : { ...outcome, name };
    }),
  };
}

function mergeMarkets(current: readonly MarketView[], changed: readonly MarketView[]): MarketView[] {
  const byKey = new Map(changed.map((market) => [market.marketKey, market]));
  const merged = current.map((market) => {
    const update = byKey.get(market.marketKey);
    // An older version arriving late (a reconnect's replay) never rolls a price back.
    return update && update.version >= market.version ? withOutcomeNames(update, market) : market;
  });
  const known = new Set(current.map((market) => market.marketKey));
  return [...merged, ...changed.filter((market) => !known.has(market.marketKey))];
}

/** An event page after an update of its channel. */
export function applyToEvent(event: EventDetail, update: SportEventUpdate): EventDetail {
  if (update.eventId !== event.id) return event;
  return { ...event, status: update.status, liveState: update.liveState, suspended: update.suspended, markets: mergeMarkets(event.markets, update.markets) };
}

/** A list after an update: the event's status, score and main market change in place. */
export function applyToList(events: readonly EventSummary[], update: SportEventUpdate): EventSummary[] {
  return events.map((event) => {
    if (event.id !== update.eventId) return event;
    const main = event.mainMarket ? (update.markets.find((market) => market.marketKey === event.mainMarket?.marketKey) ?? null) : null;
    const mainMarket = main && event.mainMarket && main.version >= event.mainMarket.version ? main : event.mainMarket;
    return { ...event, status: update.status, liveState: update.liveState, suspended: update.suspended, mainMarket };
  });
}

/**
 * An event page read again (after its channel was subscribed) against the page shown: a market a
 * live update moved past the answer's version keeps the newer prices.
 */
export function keepNewerMarkets(shown: EventDetail, loaded: EventDetail): EventDetail {
  if (shown.id !== loaded.id) return loaded;
  const shownByKey = new Map(shown.markets.map((market) => [market.marketKey, market]));
  return {
    ...loaded,
    markets: loaded.markets.map((market) => {
      const current = shownByKey.get(market.marketKey);
      return current && current.version > market.version ? current : market;
    }),
  };
}
