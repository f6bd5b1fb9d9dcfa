import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import {
  anonymousChannelAccess,
  channelAccess,
  CLOSE_BAD_REQUEST,
  CLOSE_CONNECTION_LIMIT,
  CLOSE_INVALID_TOKEN,
  CLOSE_TOO_MANY_REQUESTS,
  ERROR_ALREADY_SUBSCRIBED,
  ERROR_BAD_REQUEST,
  ERROR_INTERNAL,
  ERROR_METHOD_NOT_FOUND,
  ERROR_NOT_AVAILABLE,
  ERROR_PERMISSION_DENIED,
  ERROR_TOKEN_EXPIRED,
  ERROR_TOO_MANY_REQUESTS,
  ERROR_UNKNOWN_CHANNEL,
  parseCommands,
  type CloseReason,
  type ProtocolError,
} from "./realtime-protocol.ts";
import { recoveryRequests, subscribeResult } from "./realtime-frames.ts";
import type { ChannelPosition, RealtimeHistory } from "./realtime-history.ts";
import type { ConnectionTokens } from "./realtime-tokens.ts";

/** Per-connection command budget: a token bucket refilled at this rate, holding at most the burst. */
const COMMANDS_PER_SECOND = 20;
const COMMAND_BURST = 50;
/** Refused commands (error 111) tolerated before the connection is closed with 3013. */
const REFUSED_COMMANDS_BEFORE_CLOSE = 50;
const SERVER_VERSION = "playfair";

export type Connection = {
  socket: WebSocket;
  clientId: string;
  /** Before its connect command; a signed-in player's (token); a guest's (no token, public channels only). */
  kind: "connecting" | "player" | "guest";
  playerId: string | undefined;
  sessionId: string | undefined;
  /** Token expiry in the app clock's seconds. */
  expiresAt: number;
  channels: Set<string>;
  connectedAtMs: number;
  lastSeenMs: number;
  pingSentAtMs: number | undefined;
  lastPingMs: number;
  tokens: number;
  tokensAtMs: number;
  refused: number;
  queue: Promise<void>;
  closed: boolean;
  /** Live publications held while connect reads the history, sent after its reply. */
  held: { eventId: string | undefined; frame: Buffer }[] | undefined;
  heldBytes: number;
  /** Ids just sent in a recovery; one that also arrives live is dropped. */
  recoveredIds: Set<string> | undefined;
  /** Replies and pushes written during this turn of the event loop, sent together as one frame. */
  pending: Buffer[];
  pendingBytes: number;
};

/** What a connection's commands need from the server's options. */
export type ConnectionCommandOptions = {
  logger: FastifyBaseLogger;
  tokens: ConnectionTokens;
  /** The app clock (token expiry); pings and rate limits use the real monotonic time. */
  now: () => Date;
  pingSeconds: number;
  /** False when the token's accounts session has been revoked (sign-out, closed session). */
  isSessionActive(sessionId: string): Promise<boolean>;
  /** What a new subscriber of `channel` should see at once (the current online figure), if anything. */
  currentState(channel: string): unknown;
  /** Channel history for positions and recovery on reconnect; without it no channel is recoverable. */
  history?: RealtimeHistory;
  /** Guests (connect without a token) this node holds at once; 0 refuses a connect without a token. */
  maxAnonymousConnections: number;
};

/** The node's registry of connections and subscriptions, as a connection's commands change it. */
export type ConnectionRegistry = {
  /** Queues one reply or push (one JSON object); a connection's messages of one event-loop turn share a frame. */
  send(connection: Connection, message: string | Buffer): void;
  disconnect(connection: Connection, reason: CloseReason): void;
  addSubscription(connection: Connection, channel: string): void;
  removeSubscription(connection: Connection, channel: string): void;
  /** Counts a guest in; false when the node already holds its maximum of guests. */
  admitGuest(): boolean;
  /** Counts one more connection of the player (the online figure). */
  addPlayerConnection(playerId: string): void;
};

export function monotonicMs(): number {
  return performance.now();
}

export function openConnection(socket: WebSocket): Connection {
  const at = monotonicMs();
  return {
    socket,
    clientId: randomUUID(),
    kind: "connecting",
    playerId: undefined,
    sessionId: undefined,
    expiresAt: 0,
    channels: new Set(),
    connectedAtMs: at,
    lastSeenMs: at,
    pingSentAtMs: undefined,
    lastPingMs: at,
    tokens: COMMAND_BURST,
    tokensAtMs: at,
    refused: 0,
    queue: Promise.resolve(),
    closed: false,
    held: undefined,
    heldBytes: 0,
    recoveredIds: undefined,
    pending: [],
    pendingBytes: 0,
  };
}

/** Token bucket: false when the command must be refused. */
function takeToken(connection: Connection): boolean {
  const at = monotonicMs();
  connection.tokens = Math.min(COMMAND_BURST, connection.tokens + ((at - connection.tokensAtMs) / 1000) * COMMANDS_PER_SECOND);
  connection.tokensAtMs = at;
  if (connection.tokens >= COMMAND_BURST) connection.refused = 0;
  if (connection.tokens < 1) return false;
  connection.tokens -= 1;
  return true;
}

/** Reads a connection's messages and runs its commands (connect, subscribe, refresh, ...) in order. */
export function createConnectionCommands(
  options: ConnectionCommandOptions,
  registry: ConnectionRegistry,
): { onMessage(connection: Connection, raw: RawData, isBinary: boolean): void } {
  const { logger, tokens, now } = options;
  const { send, disconnect, addSubscription, removeSubscription } = registry;

  function reply(connection: Connection, id: unknown, key: string, result: unknown): void {
    send(connection, JSON.stringify({ id, [key]: result }));
  }

  function replyError(connection: Connection, id: unknown, error: ProtocolError): void {
    if (typeof id === "number" && id > 0) send(connection, JSON.stringify({ id, error }));
  }

  /**
   * Centrifugo's allow_anonymous_connect_without_token: a guest with an empty user, no expiry and no
   * server-side subscriptions, left out of the online figure; it may subscribe to public channels only.
   */
  function connectAnonymous(connection: Connection, id: unknown): void {
    if (!registry.admitGuest()) return disconnect(connection, CLOSE_CONNECTION_LIMIT);
    connection.kind = "guest";
    reply(connection, id, "connect", { client: connection.clientId, version: SERVER_VERSION, ping: options.pingSeconds, pong: true });
  }

  async function handleConnect(connection: Connection, id: unknown, request: Record<string, unknown>): Promise<void> {
    if ((request.token === undefined || request.token === "") && options.maxAnonymousConnections > 0) return connectAnonymous(connection, id);
    const token = typeof request.token === "string" ? request.token : "";
    const check = await tokens.check(token, now().getTime());
    if (check.kind === "expired") return replyError(connection, id, ERROR_TOKEN_EXPIRED);
    if (check.kind === "invalid") return disconnect(connection, CLOSE_INVALID_TOKEN);
    const { claims } = check;
    if (claims.sessionId && !(await options.isSessionActive(claims.sessionId))) return disconnect(connection, CLOSE_INVALID_TOKEN);
    if (connection.closed) return;
    connection.kind = "player";
    connection.playerId = claims.playerId;
    connection.sessionId = claims.sessionId;
    connection.expiresAt = claims.expiresAt;
    const channels = claims.channels.filter((channel) => channelAccess(channel, claims.playerId) === "allowed");
    // Subscribed before the history is read, holding what arrives meanwhile: nothing published
    // between the read and the reply can fall between the two.
    connection.held = [];
    for (const channel of channels) addSubscription(connection, channel);
    registry.addPlayerConnection(claims.playerId);
    let positions = new Map<string, ChannelPosition>();
    try {
      if (options.history) positions = await options.history.positions(channels, recoveryRequests(request.subs));
    } catch (error) {
      // Connected without positions: the client sees non-recoverable subscriptions and reloads.
      logger.error({ err: error }, "realtime history could not be read; connecting without recovery");
    }
    if (connection.closed) return;
    const subs: Record<string, object> = {};
    const recovered = new Set<string>();
    for (const channel of channels) {
      const position = positions.get(channel);
      subs[channel] = position ? subscribeResult(position) : {};
      for (const publication of position?.recovery?.recovered ? position.recovery.publications : []) recovered.add(publication.eventId);
    }
    reply(connection, id, "connect", {
      client: connection.clientId,
      version: SERVER_VERSION,
      expires: true,
      ttl: Math.max(1, claims.expiresAt - Math.floor(now().getTime() / 1000)),
      subs,
      ping: options.pingSeconds,
      pong: true,
    });
    const held = connection.held;
    connection.held = undefined;
    connection.heldBytes = 0;
    if (recovered.size > 0) connection.recoveredIds = recovered;
    for (const publication of held) {
      if (publication.eventId === undefined || !recovered.has(publication.eventId)) send(connection, publication.frame);
    }
    for (const channel of connection.channels) pushCurrentState(connection, channel);
  }

  function pushCurrentState(connection: Connection, channel: string): void {
    const data = options.currentState(channel);
    if (data !== undefined) send(connection, JSON.stringify({ push: { channel, pub: { data } } }));
  }

  async function handleRefresh(connection: Connection, id: unknown, request: Record<string, unknown>): Promise<void> {
    const check = await tokens.check(typeof request.token === "string" ? request.token : "", now().getTime());
    if (check.kind === "expired") return replyError(connection, id, ERROR_TOKEN_EXPIRED);
    if (check.kind === "invalid" || check.claims.playerId !== connection.playerId) return disconnect(connection, CLOSE_INVALID_TOKEN);
    if (check.claims.sessionId && !(await options.isSessionActive(check.claims.sessionId))) return disconnect(connection, CLOSE_INVALID_TOKEN);
    connection.expiresAt = check.claims.expiresAt;
    connection.sessionId = check.claims.sessionId;
    reply(connection, id, "refresh", {
      client: connection.clientId,
      version: SERVER_VERSION,
      expires: true,
      ttl: Math.max(1, check.claims.expiresAt - Math.floor(now().getTime() / 1000)),
    });
  }

  function handleSubscribe(connection: Connection, id: unknown, request: Record<string, unknown>): void {
    const channel = request.channel;
    if (typeof channel !== "string" || channel === "") return replyError(connection, id, ERROR_BAD_REQUEST);
    const access = connection.kind === "guest" ? anonymousChannelAccess(channel) : channelAccess(channel, connection.playerId ?? "");
    if (access === "unknown") return replyError(connection, id, ERROR_UNKNOWN_CHANNEL);
    if (access === "denied") return replyError(connection, id, ERROR_PERMISSION_DENIED);
    if (connection.channels.has(channel)) return replyError(connection, id, ERROR_ALREADY_SUBSCRIBED);
    addSubscription(connection, channel);
    reply(connection, id, "subscribe", {});
    pushCurrentState(connection, channel);
  }

  async function handleCommand(connection: Connection, command: Record<string, unknown>): Promise<void> {
    const { id, ...requests } = command;
    const methods = Object.keys(requests);
    // `{}` is the client's pong; its arrival already counted as a sign of life.
    if (methods.length === 0) return;
    const [method] = methods;
    const request = requests[method as string];
    if (methods.length !== 1 || typeof request !== "object" || request === null) return disconnect(connection, CLOSE_BAD_REQUEST);
    const body = request as Record<string, unknown>;
    if (id !== undefined && (typeof id !== "number" || !Number.isInteger(id) || id < 1)) return disconnect(connection, CLOSE_BAD_REQUEST);
    if (connection.kind === "connecting") {
      if (method !== "connect" || id === undefined) return disconnect(connection, CLOSE_BAD_REQUEST);
      return handleConnect(connection, id, body);
    }
    if (!takeToken(connection)) {
      connection.refused += 1;
      if (connection.refused > REFUSED_COMMANDS_BEFORE_CLOSE) return disconnect(connection, CLOSE_TOO_MANY_REQUESTS);
      return replyError(connection, id, ERROR_TOO_MANY_REQUESTS);
    }
    switch (method) {
      case "send":
        return;
      case "connect":
        return disconnect(connection, CLOSE_BAD_REQUEST);
      case "subscribe":
        return handleSubscribe(connection, id, body);
      case "unsubscribe": {
        if (typeof body.channel === "string") removeSubscription(connection, body.channel);
        return reply(connection, id, "unsubscribe", {});
      }
      case "refresh":
        return handleRefresh(connection, id, body);
      // Clients only read: publishing, presence and history are server-side concerns here.
      case "publish":
      case "presence":
      case "presence_stats":
      case "history":
      case "sub_refresh":
        return replyError(connection, id, ERROR_NOT_AVAILABLE);
      case "rpc":
        return replyError(connection, id, ERROR_METHOD_NOT_FOUND);
      default:
        return disconnect(connection, CLOSE_BAD_REQUEST);
    }
  }

  function onMessage(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.lastSeenMs = monotonicMs();
    connection.pingSentAtMs = undefined;
    const commands = isBinary ? null : parseCommands(raw.toString());
    if (!commands) return disconnect(connection, CLOSE_BAD_REQUEST);
    for (const command of commands) {
      // Commands of one connection run in order (connect may wait for the database).
      connection.queue = connection.queue
        .then(() => (connection.closed ? undefined : handleCommand(connection, command)))
        .catch((error: unknown) => {
          logger.error({ err: error }, "realtime command failed");
          replyError(connection, command.id, ERROR_INTERNAL);
        });
    }
  }

  return { onMessage };
}
