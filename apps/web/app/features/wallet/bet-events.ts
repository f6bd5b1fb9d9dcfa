// Which publications on `game:bets#` are the player's sports bets changing (placed, accepted,
// settled, cashed out, refused): the channel also carries the game page's refusals. The event's
// name is written out rather than imported with the contracts' schemas, so the live updates every
// signed-in page loads stay small (bet-events.test.ts holds it to the contract).
import type { SportBetEvent } from "@playfair/contracts/sport/bets";

export const SPORT_BET_EVENT_NAME: SportBetEvent["event"] = "bet.placebet";

export function isSportBetEvent(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { event?: unknown }).event === SPORT_BET_EVENT_NAME;
}
