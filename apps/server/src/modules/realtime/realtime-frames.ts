// How the hub's results and publications look on the wire, and what a connect command asks to recover.
import type { ChannelPosition, RecoveryRequest } from "./realtime-history.ts";

export type Publication = { data: unknown; eventId?: string };

/**
 * The publication as the protocol carries it. The outbox id is both the offset (the stream position
 * centrifuge-js keeps for recovery) and a tag (what Centrifugo carries through): clients drop a
 * publication they have already seen.
 */
export function publicationBody(publication: Publication): Record<string, unknown> {
  if (publication.eventId === undefined) return { data: publication.data };
  return { data: publication.data, offset: Number(publication.eventId), tags: { eventId: publication.eventId } };
}

const UNUSABLE_POSITION: RecoveryRequest = { offset: -1, epoch: "" };

/** The connect command's `subs` (channel → {recover, offset, epoch}); malformed entries recover nothing. */
export function recoveryRequests(subs: unknown): Map<string, RecoveryRequest> {
  const requests = new Map<string, RecoveryRequest>();
  if (typeof subs !== "object" || subs === null || Array.isArray(subs)) return requests;
  for (const [channel, value] of Object.entries(subs as Record<string, unknown>)) {
    if (typeof value !== "object" || value === null) continue;
    const { recover, offset = 0, epoch = "" } = value as Record<string, unknown>;
    if (recover !== true) continue;
    const isUsable = typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0 && typeof epoch === "string";
    // A malformed position recovers nothing: the answer is recovered: false and the client reloads.
    requests.set(channel, isUsable ? { offset, epoch } : UNUSABLE_POSITION);
  }
  return requests;
}

/** Centrifugo's subscribe result fields for a channel with history. */
export function subscribeResult(position: ChannelPosition): Record<string, unknown> {
  const result: Record<string, unknown> = { recoverable: true, positioned: true, epoch: position.epoch, offset: position.offset };
  if (position.recovery) {
    result.was_recovering = true;
    result.recovered = position.recovery.recovered;
    if (position.recovery.publications.length > 0) result.publications = position.recovery.publications.map(publicationBody);
  }
  return result;
}
