import type { FeedEventMessage } from "@playfair/contracts/sport/feed-messages";

type OddsChange = Extract<FeedEventMessage, { type: "odds_change" }>;

/**
 * Consecutive price changes of one event as one: the state they leave behind when applied one
 * after another. Each market in its last mention, the last status and live score any of them
 * gave, the last one's producer. Applying the result writes each market once (ADR 036) and bumps
 * its version once if its state changed.
 */
export function mergeOddsChanges(run: readonly OddsChange[]): OddsChange {
  const last = run.at(-1);
  if (!last) throw new Error("no price changes to merge");
  let eventStatus: OddsChange["eventStatus"];
  let liveState: OddsChange["liveState"];
  for (const message of run) {
    if (message.eventStatus !== undefined) eventStatus = message.eventStatus;
    if (message.liveState !== undefined) liveState = message.liveState;
  }
  return {
    ...last,
    ...(eventStatus !== undefined ? { eventStatus } : {}),
    ...(liveState !== undefined ? { liveState } : {}),
    markets: run.flatMap((message) => message.markets),
  };
}
