import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/database.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { realtimeOutbox } from "./realtime.schema.ts";

/**
 * Centrifugo's `history_size` idea: a client that missed more than this many publications of one
 * channel is told `recovered: false` and reloads that data instead of replaying a long backlog.
 */
export const HISTORY_SIZE = 100;
/** The app_secrets row whose value names this database's stream (a new database, a new epoch). */
const HISTORY_EPOCH_SECRET = "realtime-history-epoch";
const EPOCH_LENGTH = 8;

export type HistoryPublication = { eventId: string; data: unknown };

/** What a reconnecting client sent for one server-side subscription (connect `subs`); offset -1 when malformed. */
export type RecoveryRequest = { offset: number; epoch: string };

/** A channel's position for the subscribe result, and the outcome of a recovery when one was asked for. */
export type ChannelPosition = {
  epoch: string;
  offset: number;
  recovery?: { recovered: boolean; publications: HistoryPublication[] };
};

export type RealtimeHistory = {
  /** Whether `channel` keeps history (the player channels; `global:online` is a live figure). */
  covers(channel: string): boolean;
  positions(channels: string[], requests: ReadonlyMap<string, RecoveryRequest>): Promise<Map<string, ChannelPosition>>;
  /** Tells the history that this node has delivered rows up to `eventId` to its connections. */
  noteDelivered(eventId: number): void;
};

/**
 * The outbox rows as the channels' history. Offsets are outbox ids: increasing in a channel, never
 * contiguous (ids are shared by every channel), so a gap is found by the history's lower bound, not
 * by counting. Rows are pruned oldest id first (see `pruneHistory`): every id from the smallest row
 * kept up to the newest is still there, and a client whose offset lies inside that range recovers.
 */
export function createRealtimeHistory(dependencies: { db: AppDatabase; secrets: SecretStore; covers(channel: string): boolean }): RealtimeHistory {
  const { db } = dependencies;
  let epoch: Promise<string> | undefined;
  const currentEpoch = () => {
    epoch ??= dependencies.secrets.get(HISTORY_EPOCH_SECRET).then((value) => value.slice(0, EPOCH_LENGTH));
    epoch.catch(() => (epoch = undefined));
    return epoch;
  };

  async function readBounds(): Promise<{ first: number; last: number }> {
    const [bounds] = await db
      .select({ first: sql<string | null>`min(${realtimeOutbox.id})::text`, last: sql<string | null>`max(${realtimeOutbox.id})::text` })
      .from(realtimeOutbox);
    // With no row at all, first 1: ids start there.
    return { first: bounds?.first ? Number(bounds.first) : 1, last: bounds?.last ? Number(bounds.last) : 0 };
  }

  // The newest id this node has delivered (or read). A fresh subscription starts there without a
  // query: what was delivered before it is not its history, what comes later reaches it live.
  let deliveredUpTo: number | undefined;
  let boundsInFlight: Promise<{ first: number; last: number }> | undefined;
  async function freshPosition(): Promise<number> {
    if (deliveredUpTo !== undefined) return deliveredUpTo;
    // The first connections after a start share one read.
    boundsInFlight ??= readBounds().finally(() => (boundsInFlight = undefined));
    const { last } = await boundsInFlight;
    deliveredUpTo = Math.max(deliveredUpTo ?? 0, last);
    return deliveredUpTo;
  }

  async function recover(channel: string, offset: number): Promise<HistoryPublication[] | undefined> {
    const from = BigInt(offset);
    // Rows after the offset, and rows with a smaller id delivered after it (a transaction that took
    // its id earlier but committed later): what a client connected the whole time would have seen.
    const rows = await db
      .select({ id: realtimeOutbox.id, data: realtimeOutbox.data })
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.channel, channel),
          ne(realtimeOutbox.id, from),
          or(
            gt(realtimeOutbox.id, from),
            isNull(realtimeOutbox.deliveredAt),
            sql`${realtimeOutbox.deliveredAt} > (select r.delivered_at from realtime_outbox r where r.id = ${from})`,
          ),
        ),
      )
      .orderBy(asc(realtimeOutbox.id))
      .limit(HISTORY_SIZE + 1);
    if (rows.length > HISTORY_SIZE) return undefined;
    return rows.map((row) => ({ eventId: row.id.toString(), data: row.data }));
  }

  return {
    covers: dependencies.covers,

    noteDelivered(eventId) {
      if (deliveredUpTo === undefined || eventId > deliveredUpTo) deliveredUpTo = eventId;
    },

    async positions(channels, requests) {
      const result = new Map<string, ChannelPosition>();
      const covered = channels.filter((channel) => dependencies.covers(channel));
      if (covered.length === 0) return result;
      const epochValue = await currentEpoch();
      if (!covered.some((channel) => requests.has(channel))) {
        const offset = await freshPosition();
        for (const channel of covered) result.set(channel, { epoch: epochValue, offset });
        return result;
      }
      const { first, last } = await readBounds();
      // Ids below the smallest row kept may have been pruned.
      const floor = first - 1;
      for (const channel of covered) {
        const request = requests.get(channel);
        if (!request) {
          result.set(channel, { epoch: epochValue, offset: last });
          continue;
        }
        // An empty epoch means "any" (the client has none yet), as with Centrifugo.
        const sameStream = request.epoch === "" || request.epoch === epochValue;
        const publications = sameStream && request.offset >= floor && request.offset <= last ? await recover(channel, request.offset) : undefined;
        const newest = publications?.reduce((top, publication) => Math.max(top, Number(publication.eventId)), last) ?? last;
        result.set(channel, {
          epoch: epochValue,
          offset: newest,
          recovery: publications ? { recovered: true, publications } : { recovered: false, publications: [] },
        });
      }
      return result;
    },
  };
}

/**
 * Deletes delivered rows older than `deliveredBefore`, oldest id first: it stops at the first row
 * still needed (undelivered or recent) and always keeps the newest row, so what is left is one
 * unbroken id range — the condition `positions` relies on to tell a complete recovery.
 */
export async function pruneHistory(db: AppDatabase, deliveredBefore: Date): Promise<void> {
  await db.delete(realtimeOutbox).where(
    sql`${realtimeOutbox.id} < coalesce(
      (select min(r.id) from realtime_outbox r where r.delivered_at is null or r.delivered_at >= ${deliveredBefore.toISOString()}),
      (select max(r.id) from realtime_outbox r)
    )`,
  );
}
