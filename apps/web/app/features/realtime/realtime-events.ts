// The realtime event bus and the connection's observable state. Kept free of the `centrifuge`
// library so any feature can subscribe from always-loaded code; realtime-connection.ts loads the
// client lazily and feeds publications in through dispatchPublication().

export type ConnectionState = "disconnected" | "connecting" | "connected";
export type SubscriptionState = "unsubscribed" | "subscribing" | "subscribed";

export type RealtimePublication = {
  /** Full channel name, e.g. `messenger:notifications#42`. */
  channel: string;
  data: unknown;
  /** Stream position; present on channels with history, the surest way to spot a replay. */
  offset?: number;
  /** The server's event id (`tags.eventId`, the outbox row), also set when Centrifugo delivers. */
  eventId?: string;
};

export type RealtimeStatus = {
  readonly connection: ConnectionState;
  /** Server-side subscriptions by channel. */
  readonly subscriptions: Readonly<Record<string, SubscriptionState>>;
  /** Players online from `global:online`; null until the first publication of this connection. */
  readonly online: number | null;
};

type Handler = (publication: RealtimePublication) => void;

/** The channel without the `#<user ids>` suffix: what features subscribe by. */
export function channelBase(channel: string): string {
  const hash = channel.indexOf("#");
  return hash === -1 ? channel : channel.slice(0, hash);
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function idOf(value: unknown): string | null {
  const id = recordOf(value)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

/**
 * What makes a publication unique: its stream offset, else the id of what it carries (a message,
 * a push, or the payload itself) with its type. Null when nothing identifies it (counters such as
 * `global:online` must never be dropped).
 */
export function publicationKey(publication: RealtimePublication): string | null {
  if (publication.eventId) return `${publication.channel}#event:${publication.eventId}`;
  if (typeof publication.offset === "number" && publication.offset > 0) return `${publication.channel}@${publication.offset}`;
  const data = recordOf(publication.data);
  if (!data) return null;
  const type = typeof data.type === "string" ? data.type : "";
  const id = idOf(data.message) ?? idOf(data.push) ?? idOf(data);
  return id === null ? null : `${publication.channel}:${type}:${id}`;
}

export type RealtimeBus = {
  /** Calls `handler` for publications on channels whose base starts with `channelPrefix`; returns the unsubscribe. */
  on(channelPrefix: string, handler: Handler): () => void;
  /** Delivers a publication unless an identical one was already delivered; returns whether it was. */
  dispatch(publication: RealtimePublication): boolean;
  /** Forgets what was delivered (a new connection's replays are new to a new session). */
  reset(): void;
};

/** Remembers this many recent keys: enough for a reconnect's replay, bounded for a long-open tab. */
const REMEMBERED_KEYS = 500;

export function createRealtimeBus(): RealtimeBus {
  const handlers = new Set<{ prefix: string; handler: Handler }>();
  let seen = new Set<string>();

  return {
    on(channelPrefix, handler) {
      const entry = { prefix: channelPrefix, handler };
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
    dispatch(publication) {
      const key = publicationKey(publication);
      if (key !== null) {
        if (seen.has(key)) return false;
        seen.add(key);
        if (seen.size > REMEMBERED_KEYS) seen = new Set([...seen].slice(-Math.floor(REMEMBERED_KEYS / 2)));
      }
      const base = channelBase(publication.channel);
      for (const entry of [...handlers]) {
        if (!base.startsWith(entry.prefix)) continue;
        try {
          entry.handler(publication);
        } catch (error) {
          // One feature's bug must not keep the event from the others.
          console.error("Realtime handler failed", error);
        }
      }
      return true;
    },
    reset() {
      seen = new Set();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The page's bus and status (browser only; the server never connects).

const pageBus = createRealtimeBus();

const INITIAL_STATUS: RealtimeStatus = { connection: "disconnected", subscriptions: {}, online: null };
let status: RealtimeStatus = INITIAL_STATUS;
const statusListeners = new Set<() => void>();

const ONLINE_CHANNEL = "global:online";

/** Subscribes a feature to realtime events, e.g. `onRealtimeEvent("messenger:notifications", …)`. */
export function onRealtimeEvent(channelPrefix: string, handler: Handler): () => void {
  return pageBus.on(channelPrefix, handler);
}

export function dispatchPublication(publication: RealtimePublication): boolean {
  if (channelBase(publication.channel) === ONLINE_CHANNEL) {
    const online = recordOf(publication.data)?.online;
    if (typeof online === "number" && Number.isFinite(online) && online >= 0) setStatus({ ...status, online: Math.round(online) });
  }
  return pageBus.dispatch(publication);
}

// ---------------------------------------------------------------------------------------------
// Resync: after a reconnect the server could not replay what a channel missed (history too old,
// another epoch, or a server without history), so whatever that channel keeps current must be
// read again.

const resyncHandlers = new Set<{ prefix: string; handler: (channel: string) => void }>();

/** Calls `handler` when a channel whose base starts with `channelPrefix` may have missed events. */
export function onRealtimeResync(channelPrefix: string, handler: (channel: string) => void): () => void {
  const entry = { prefix: channelPrefix, handler };
  resyncHandlers.add(entry);
  return () => resyncHandlers.delete(entry);
}

export function signalResync(channel: string): void {
  const base = channelBase(channel);
  for (const entry of [...resyncHandlers]) {
    if (!base.startsWith(entry.prefix)) continue;
    try {
      entry.handler(channel);
    } catch (error) {
      console.error("Realtime resync handler failed", error);
    }
  }
}

/**
 * Whether a (re)subscription leaves a gap the app must fill by reading again: a recovery the server
 * refused, or a channel without history coming back after the connection was lost. A first
 * subscription has no gap (the page loads its data itself), and live figures (global:online) resend
 * themselves.
 */
export function needsResync(context: { channel: string; wasRecovering: boolean; recovered: boolean; recoverable: boolean }, isReconnect: boolean): boolean {
  if (channelBase(context.channel) === ONLINE_CHANNEL) return false;
  if (context.wasRecovering) return !context.recovered;
  return isReconnect && !context.recoverable;
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function getServerRealtimeStatus(): RealtimeStatus {
  return INITIAL_STATUS;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function setStatus(next: RealtimeStatus): void {
  status = next;
  for (const listener of statusListeners) listener();
}

export function setConnectionState(connection: ConnectionState): void {
  if (status.connection === connection) return;
  // The online figure belongs to a live connection; a stale one would mislead.
  setStatus({ ...status, connection, online: connection === "connected" ? status.online : null });
}

export function setSubscriptionState(channel: string, state: SubscriptionState): void {
  if (status.subscriptions[channel] === state) return;
  setStatus({ ...status, subscriptions: { ...status.subscriptions, [channel]: state } });
}

/** Back to nothing: signed out. */
export function resetRealtimeStatus(): void {
  pageBus.reset();
  setStatus(INITIAL_STATUS);
}
