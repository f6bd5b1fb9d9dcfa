import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import { hasConnectionPool, type AppDatabase, type DbExecutor } from "../../db/database.ts";
import { executeNamedText } from "../../db/sql-rows.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { playerSessions } from "../auth/auth.schema.ts";
import type { SessionService } from "../auth/session.service.ts";
import { createCentrifugoClient, type OutboxEvent } from "./centrifugo-client.ts";
import { createRealtimeHistory, pruneHistory } from "./realtime-history.ts";
import { createRealtimeHub, type RealtimeHub } from "./realtime-hub.ts";
import { CLOSE_SESSION_CHECK, CLOSE_SHUTDOWN, GLOBAL_NAMESPACE, ONLINE_CHANNEL, playerChannels } from "./realtime-protocol.ts";
import { realtimeOutbox } from "./realtime.schema.ts";
import { createConnectionTokens } from "./realtime-tokens.ts";
import { createRedisFanout, type RedisFanout } from "./redis-fanout.ts";

export type RealtimeDependencies = {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  sessions: SessionService;
};

/** The one way domain code publishes realtime events (spec 7 channels and event payloads). */
export type RealtimePublisher = {
  /**
   * Stores the publication in `executor`'s transaction (realtime_outbox); it is delivered after
   * commit, at least once, carrying the outbox id (publication tag `eventId`) so clients can drop
   * duplicates. A rolled-back transaction publishes nothing.
   */
  publish(executor: DbExecutor, channel: string, data: unknown): Promise<void>;
  /**
   * `publish` for many publications at once (campaigns): one multi-row insert per
   * PUBLISH_MANY_BATCH rows, in `executor`'s transaction, delivered in the given order.
   */
  publishMany(executor: DbExecutor, publications: readonly { channel: string; data: unknown }[]): Promise<void>;
};

export type RealtimeService = RealtimePublisher & {
  /** A connection token (JWT, Centrifugo claims) for a signed-in player's websocket. */
  connectionToken(playerId: string, sessionId?: string): Promise<{ token: string; expiresAt: string }>;
  /** Takes over an HTTP upgrade of GET /api/connection/websocket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every websocket (3001 shutdown, the clients reconnect elsewhere). */
  closeConnections(): Promise<void>;
  /** Delivers pending outbox rows now (tests and the bench do not wait for the next poll). */
  dispatchNow(): Promise<number>;
  /** This node's websocket hub (figures for tests and the bench). */
  hub: RealtimeHub;
  start(): void;
  stop(): Promise<void>;
};

const REALTIME_TOKEN_KEY_NAME = "realtime-token-key";
/**
 * Outbox rows one dispatch pass delivers in one transaction. A pass has a fixed cost (its read, its
 * update, its commit); with 500 rows the odds feed's 3,500 publications a second outran it and the
 * backlog grew without end (committed → client p99 10.6-12.0 s), with 1,000 to 5,000 it kept up
 * (p99 110-372 ms; ADR 036).
 */
const BATCH_SIZE = 2_000;
/** After a publish the dispatcher polls this fast for a while: the transaction commits soon. */
const NUDGE_POLL_MS = 5;
const NUDGE_WINDOW_MS = 300;
/** The safety-net poll when REALTIME_POLL_MS is unset (RealtimeConfig.pollMs says why they differ). */
const DEFAULT_POLL_MS = { postgres: 200, pglite: 2_000 } as const;
const ONLINE_DEBOUNCE_MS = 1_000;
/** Each node repeats its online figure this often; figures older than three periods are dropped. */
const ONLINE_HEARTBEAT_MS = 5_000;
const REVOCATION_POLL_MS = 2_000;
const REVOCATION_OVERLAP_MS = 30_000;
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
const DELIVERED_RETENTION_MS = 24 * 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 500;
/** Rows per insert statement of publishMany (one JSON parameter of a few hundred KB at most). */
export const PUBLISH_MANY_BATCH = 1_000;

/** The outbox rows of a list of publications (`$1`, a JSON array of {channel, data}), ids in the list's order. */
const PUBLISH_MANY_TEXT = `insert into realtime_outbox (channel, data)
  select item.value->>'channel', coalesce(item.value->'data', 'null'::jsonb)
  from jsonb_array_elements($1::jsonb) with ordinality as item(value, position)
  order by item.position`;

export function createRealtimeService(dependencies: RealtimeDependencies): RealtimeService {
  const { db, config, logger, now } = dependencies;
  const settings = config.realtime;
  const nodeId = randomUUID();
  const tokens = createConnectionTokens(() => dependencies.secrets.get(REALTIME_TOKEN_KEY_NAME));
  const centrifugo = settings.centrifugo ? createCentrifugoClient(settings.centrifugo) : undefined;
  const redis: RedisFanout | undefined = settings.redisUrl && !centrifugo ? createRedisFanout(settings.redisUrl, logger) : undefined;
  const usesRowLocks = hasConnectionPool(db);
  const pollMs = settings.pollMs ?? (usesRowLocks ? DEFAULT_POLL_MS.postgres : DEFAULT_POLL_MS.pglite);

  // --- Online counter -----------------------------------------------------------------------------
  const nodesOnline = new Map<string, { players: number; seenAtMs: number }>();
  let lastOnlineSent: number | undefined;
  let onlineTimer: NodeJS.Timeout | undefined;
  function totalOnline(): number {
    const cutoff = Date.now() - 3 * ONLINE_HEARTBEAT_MS;
    let total = hub.onlinePlayers();
    for (const [id, figure] of nodesOnline) {
      if (id === nodeId) continue;
      if (figure.seenAtMs < cutoff) nodesOnline.delete(id);
      else total += figure.players;
    }
    return total;
  }
  function scheduleOnline(): void {
    if (onlineTimer || isStopped) return;
    onlineTimer = setTimeout(() => {
      onlineTimer = undefined;
      if (redis) redis.publishOnline({ nodeId, players: hub.onlinePlayers() }).catch((error: unknown) => logger.warn({ err: error }, "could not share the online figure"));
      const online = totalOnline();
      if (online === lastOnlineSent) return;
      lastOnlineSent = online;
      // Every node computes the same sum and tells only its own connections.
      hub.deliver(ONLINE_CHANNEL, { data: { online } });
    }, ONLINE_DEBOUNCE_MS);
    onlineTimer.unref();
  }

  // Player channels have the outbox as history; global:online is a live figure without one.
  const history = createRealtimeHistory({ db, secrets: dependencies.secrets, covers: (channel) => !channel.startsWith(`${GLOBAL_NAMESPACE}:`) });
  const hub = createRealtimeHub({
    logger,
    tokens,
    now,
    pingSeconds: settings.pingSeconds,
    pongTimeoutSeconds: settings.pongTimeoutSeconds,
    async isSessionActive(sessionId) {
      const [row] = await db
        .select({ id: playerSessions.id })
        .from(playerSessions)
        .where(and(eq(playerSessions.id, sessionId), isNull(playerSessions.revokedAt), gt(playerSessions.expiresAt, now())));
      return row !== undefined;
    },
    onOnlineChanged: scheduleOnline,
    currentState: (channel) => (channel === ONLINE_CHANNEL ? { online: totalOnline() } : undefined),
    history,
    maxAnonymousConnections: settings.maxAnonymousConnections,
  });

  // --- Delivery of claimed rows -------------------------------------------------------------------
  type Outcome = { delivered: string[]; failed: { eventId: string; error: string; final: boolean }[] };

  function deliverLocally(events: OutboxEvent[]): void {
    for (const event of events) {
      hub.deliver(event.channel, { data: event.data, eventId: event.eventId });
      history.noteDelivered(Number(event.eventId));
    }
  }

  async function send(events: OutboxEvent[]): Promise<Outcome> {
    if (centrifugo) {
      const outcome: Outcome = { delivered: [], failed: [] };
      for (const event of events) {
        const result = await centrifugo.publish(event);
        if (result.kind === "accepted") outcome.delivered.push(event.eventId);
        else if (result.kind === "rejected") {
          logger.error({ eventId: event.eventId, channel: event.channel, error: result.error }, "centrifugo refused a publication; it is dropped");
          outcome.failed.push({ eventId: event.eventId, error: result.error, final: true });
        } else {
          // Later rows wait, so one channel's events keep their order.
          outcome.failed.push({ eventId: event.eventId, error: result.error, final: false });
          break;
        }
      }
      return outcome;
    }
    if (redis) {
      await redis.publish(events);
      return { delivered: events.map((event) => event.eventId), failed: [] };
    }
    deliverLocally(events);
    return { delivered: events.map((event) => event.eventId), failed: [] };
  }

  async function record(executor: DbExecutor, outcome: Outcome): Promise<void> {
    const at = now();
    if (outcome.delivered.length > 0) {
      await executor
        .update(realtimeOutbox)
        .set({ deliveredAt: at, attempts: sql`${realtimeOutbox.attempts} + 1` })
        .where(inArray(realtimeOutbox.id, outcome.delivered.map(BigInt)));
    }
    for (const failure of outcome.failed) {
      await executor
        .update(realtimeOutbox)
        .set({ attempts: sql`${realtimeOutbox.attempts} + 1`, lastError: failure.error.slice(0, MAX_ERROR_LENGTH), ...(failure.final ? { deliveredAt: at } : {}) })
        .where(eq(realtimeOutbox.id, BigInt(failure.eventId)));
    }
  }

  async function claimAndSend(executor: DbExecutor): Promise<number> {
    const base = executor
      .select({ id: realtimeOutbox.id, channel: realtimeOutbox.channel, data: realtimeOutbox.data })
      .from(realtimeOutbox)
      .where(isNull(realtimeOutbox.deliveredAt))
      .orderBy(asc(realtimeOutbox.id))
      .limit(BATCH_SIZE);
    // Several nodes share the table: each claims different rows, none waits for another.
    const rows = usesRowLocks ? await base.for("update", { skipLocked: true }) : await base;
    if (rows.length === 0) return 0;
    const outcome = await send(rows.map((row) => ({ eventId: row.id.toString(), channel: row.channel, data: row.data })));
    await record(executor, outcome);
    return outcome.delivered.length;
  }

  let running: Promise<number> | undefined;
  function dispatchNow(): Promise<number> {
    // One pass at a time in this process; a caller during a pass waits for it and then runs again.
    const previous = running ?? Promise.resolve(0);
    const pass = previous
      .catch(() => 0)
      .then(async () => {
        let total = 0;
        for (;;) {
          // PGlite has a single connection: a transaction would hold every other query until the
          // deliveries finish, and there is no second process to race with.
          const count = usesRowLocks ? await db.transaction((tx) => claimAndSend(tx)) : await claimAndSend(db);
          total += count;
          if (count < BATCH_SIZE) return total;
        }
      });
    running = pass;
    void pass.finally(() => {
      if (running === pass) running = undefined;
    }).catch(() => undefined);
    return pass;
  }

  // --- Timers ------------------------------------------------------------------------------------
  let isStopped = false;
  let isStarted = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let pollDueAtMs = Number.POSITIVE_INFINITY;
  let hotUntilMs = 0;
  /** Polls after `delayMs`, unless a poll is already due sooner: publishes arriving faster than the nudge must not keep pushing it back. */
  function schedulePoll(delayMs: number): void {
    if (isStopped) return;
    const dueAtMs = Date.now() + delayMs;
    if (pollTimer && pollDueAtMs <= dueAtMs) return;
    clearTimeout(pollTimer);
    pollDueAtMs = dueAtMs;
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      pollDueAtMs = Number.POSITIVE_INFINITY;
      dispatchNow()
        .catch((error: unknown) => logger.warn({ err: error }, "realtime outbox dispatch failed"))
        .finally(() => schedulePoll(Date.now() < hotUntilMs ? NUDGE_POLL_MS : pollMs));
    }, delayMs);
    pollTimer.unref();
  }

  let revocationWatermark = 0;
  let revocationTimer: NodeJS.Timeout | undefined;
  // Revocations already passed to Centrifugo (session id → revokedAt ms): the poll window overlaps.
  const handledRevocations = new Map<string, number>();
  async function pollRevocations(): Promise<void> {
    if (!centrifugo && hub.connectionCount() === 0) return;
    const since = new Date(Math.max(0, revocationWatermark - REVOCATION_OVERLAP_MS));
    const rows = await db
      .select({ id: playerSessions.id, playerId: playerSessions.playerId, revokedAt: playerSessions.revokedAt })
      .from(playerSessions)
      .where(and(isNotNull(playerSessions.revokedAt), gte(playerSessions.revokedAt, since)));
    const revoked = new Set<string>();
    for (const row of rows) {
      revoked.add(row.id);
      if (row.revokedAt && row.revokedAt.getTime() > revocationWatermark) revocationWatermark = row.revokedAt.getTime();
    }
    if (centrifugo) await disconnectAtCentrifugo(rows, since.getTime());
    else if (revoked.size > 0) hub.disconnectSessions((sessionId) => revoked.has(sessionId));
  }

  /**
   * Centrifugo OSS cannot revoke one token, and does not know our sessions: every connection of the
   * player is closed with a reconnecting code (4001); the web client then asks for a new token, which
   * a revoked session no longer gets (401 → disconnected for good), while the player's other sessions
   * reconnect at once. A client that ignores the code keeps reading until its token expires (15 min).
   */
  async function disconnectAtCentrifugo(rows: { id: string; playerId: string; revokedAt: Date | null }[], sinceMs: number): Promise<void> {
    if (!centrifugo) return;
    for (const [id, revokedAtMs] of handledRevocations) if (revokedAtMs < sinceMs) handledRevocations.delete(id);
    const fresh = rows.filter((row) => !handledRevocations.has(row.id));
    for (const playerId of new Set(fresh.map((row) => row.playerId))) {
      const outcome = await centrifugo.disconnectUser(playerId, CLOSE_SESSION_CHECK);
      // Unavailable: tried again at the next poll. Rejected (wrong key…): retrying will not help.
      if (outcome.kind === "unavailable") {
        logger.warn({ playerId, error: outcome.error }, "centrifugo could not disconnect a revoked session's player; retrying");
        continue;
      }
      if (outcome.kind === "rejected") logger.error({ playerId, error: outcome.error }, "centrifugo refused to disconnect a revoked session's player");
      for (const row of fresh) if (row.playerId === playerId) handledRevocations.set(row.id, row.revokedAt?.getTime() ?? 0);
    }
  }

  /** The transaction commits after a publish returns; poll fast for a moment so it goes out at once. */
  function nudge(): void {
    hotUntilMs = Date.now() + NUDGE_WINDOW_MS;
    if (isStarted) schedulePoll(NUDGE_POLL_MS);
  }

  let cleanupTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  return {
    hub,

    async publish(executor, channel, data) {
      await executor.insert(realtimeOutbox).values({ channel, data: data ?? null });
      nudge();
    },

    async publishMany(executor, publications) {
      if (publications.length === 0) return;
      for (let start = 0; start < publications.length; start += PUBLISH_MANY_BATCH) {
        const batch = publications.slice(start, start + PUBLISH_MANY_BATCH).map(({ channel, data }) => ({ channel, data: data ?? null }));
        // One JSON parameter instead of two per row: PostgreSQL parses a statement of thousands of
        // parameters several times slower. Ids follow the list's order (ordinality).
        // Named, fixed text: parsed once per pooled connection, and no query built per call.
        await executeNamedText(executor, "realtime_publish_many", PUBLISH_MANY_TEXT, [JSON.stringify(batch)]);
      }
      nudge();
    },

    async connectionToken(playerId, sessionId) {
      const { token, expiresAt } = await tokens.issue({
        playerId,
        ...(sessionId ? { sessionId } : {}),
        channels: playerChannels(playerId),
        nowMs: now().getTime(),
        ttlSeconds: settings.tokenTtlSeconds,
      });
      return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },

    handleUpgrade: (request, socket, head) => hub.handleUpgrade(request, socket, head),
    closeConnections: () => hub.closeAll(CLOSE_SHUTDOWN),
    dispatchNow,

    start() {
      if (isStarted) return;
      isStarted = true;
      revocationWatermark = now().getTime();
      void dependencies.secrets.get(REALTIME_TOKEN_KEY_NAME).catch((error: unknown) => logger.warn({ err: error }, "realtime token key not loaded at start-up"));
      const startRedis = redis
        ? redis.start({
            onEvents: deliverLocally,
            onOnline(figure) {
              if (figure.nodeId === nodeId) return;
              const previous = nodesOnline.get(figure.nodeId);
              nodesOnline.set(figure.nodeId, { players: figure.players, seenAtMs: Date.now() });
              if (previous?.players !== figure.players) scheduleOnline();
            },
          })
        : Promise.resolve();
      startRedis
        .catch((error: unknown) => logger.error({ err: error }, "redis fan-out could not start"))
        .finally(() => schedulePoll(0));
      revocationTimer = setInterval(() => {
        pollRevocations().catch((error: unknown) => logger.warn({ err: error }, "could not poll session revocations for realtime"));
      }, REVOCATION_POLL_MS);
      revocationTimer.unref();
      cleanupTimer = setInterval(() => {
        pruneHistory(db, new Date(now().getTime() - DELIVERED_RETENTION_MS)).catch((error: unknown) => logger.warn({ err: error }, "could not clean the realtime outbox"));
      }, CLEANUP_INTERVAL_MS);
      cleanupTimer.unref();
      if (redis) {
        heartbeatTimer = setInterval(() => {
          redis.publishOnline({ nodeId, players: hub.onlinePlayers() }).catch(() => undefined);
          scheduleOnline();
        }, ONLINE_HEARTBEAT_MS);
        heartbeatTimer.unref();
      }
    },

    async stop() {
      isStopped = true;
      clearTimeout(pollTimer);
      clearTimeout(onlineTimer);
      clearInterval(revocationTimer);
      clearInterval(cleanupTimer);
      clearInterval(heartbeatTimer);
      await hub.closeAll(CLOSE_SHUTDOWN);
      await running?.catch(() => undefined);
      await redis?.stop();
    },
  };
}
