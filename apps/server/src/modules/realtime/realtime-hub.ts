import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import {
  anonymousChannelAccess,
  channelAccess,
  CLOSE_BAD_REQUEST,
  CLOSE_CONNECTION_LIMIT,
  CLOSE_EXPIRED,
  CLOSE_INVALID_TOKEN,
  CLOSE_NO_PONG,
  CLOSE_SLOW,
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
import { publicationBody, recoveryRequests, subscribeResult, type Publication } from "./realtime-frames.ts";
import type { ChannelPosition, RealtimeHistory } from "./realtime-history.ts";
import type { ConnectionTokens } from "./realtime-tokens.ts";

/** Centrifugo's websocket_message_size_limit: a bigger message closes the socket with 1009 (message too big). */
const MAX_MESSAGE_BYTES = 65_536;
/** A client that leaves this much unread is dropped (3008) rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_048_576;
/** Per-connection command budget: a token bucket refilled at this rate, holding at most the burst. */
const COMMANDS_PER_SECOND = 20;
const COMMAND_BURST = 50;
/** Refused commands (error 111) tolerated before the connection is closed with 3013. */
const REFUSED_COMMANDS_BEFORE_CLOSE = 50;
/** The client must send connect within this time. */
const CONNECT_DEADLINE_MS = 10_000;
/** Like Centrifugo's client_expired_close_delay: time to refresh after the token's expiry. */
const EXPIRED_CLOSE_DELAY_SECONDS = 25;
const SERVER_VERSION = "playfair";

type Connection = {
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
  held: { eventId: string | undefined; frame: string }[] | undefined;
  heldBytes: number;
  /** Ids just sent in a recovery; one that also arrives live is dropped. */
  recoveredIds: Set<string> | undefined;
};

export type RealtimeHubOptions = {
  logger: FastifyBaseLogger;
  tokens: ConnectionTokens;
  /** The app clock (token expiry); pings and rate limits use the real monotonic time. */
  now: () => Date;
  pingSeconds: number;
  pongTimeoutSeconds: number;
  /** False when the token's accounts session has been revoked (sign-out, closed session). */
  isSessionActive(sessionId: string): Promise<boolean>;
  onOnlineChanged(): void;
  /** What a new subscriber of `channel` should see at once (the current online figure), if anything. */
  currentState(channel: string): unknown;
  /** Channel history for positions and recovery on reconnect; without it no channel is recoverable. */
  history?: RealtimeHistory;
  /** Guests (connect without a token) this node holds at once; 0 refuses a connect without a token. */
  maxAnonymousConnections: number;
};

export type RealtimeHub = {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Pushes a publication to this node's subscribers of `channel`. */
  deliver(channel: string, publication: Publication): number;
  /** Distinct players connected to this node. */
  onlinePlayers(): number;
  connectionCount(): number;
  /** Disconnects every session-bound connection of the given sessions (revoked elsewhere). */
  disconnectSessions(isRevoked: (sessionId: string) => boolean): void;
  sessionIds(): string[];
  closeAll(reason: CloseReason): Promise<void>;
};

function monotonicMs(): number {
  return performance.now();
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { logger, tokens, now } = options;
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  const playerConnectionCounts = new Map<string, number>();
  let anonymousConnections = 0;
  const pingMs = options.pingSeconds * 1000;
  let isClosing = false;
  const pongTimeoutMs = options.pongTimeoutSeconds * 1000;

  function send(connection: Connection, frame: string): void {
    if (connection.closed || connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.send(frame);
    if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) disconnect(connection, CLOSE_SLOW);
  }

  function reply(connection: Connection, id: unknown, key: string, result: unknown): void {
    send(connection, JSON.stringify({ id, [key]: result }));
  }

  function replyError(connection: Connection, id: unknown, error: ProtocolError): void {
    if (typeof id === "number" && id > 0) send(connection, JSON.stringify({ id, error }));
  }

  function disconnect(connection: Connection, reason: CloseReason): void {
    if (connection.closed) return;
    release(connection);
    connection.socket.close(reason.code, reason.reason);
    // A client that never answers the close handshake (or is too slow to read it) is cut off.
    setTimeout(() => connection.socket.terminate(), 2_000).unref();
  }

  function addSubscription(connection: Connection, channel: string): void {
    connection.channels.add(channel);
    let set = subscribers.get(channel);
    if (!set) subscribers.set(channel, (set = new Set()));
    set.add(connection);
  }

  function removeSubscription(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const set = subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) subscribers.delete(channel);
  }

  function release(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    for (const channel of [...connection.channels]) removeSubscription(connection, channel);
    if (connection.kind === "guest") anonymousConnections -= 1;
    if (connection.playerId) {
      const count = (playerConnectionCounts.get(connection.playerId) ?? 1) - 1;
      if (count <= 0) {
        playerConnectionCounts.delete(connection.playerId);
        options.onOnlineChanged();
      } else playerConnectionCounts.set(connection.playerId, count);
    }
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

  /**
   * Centrifugo's allow_anonymous_connect_without_token: a guest with an empty user, no expiry and no
   * server-side subscriptions, left out of the online figure; it may subscribe to public channels only.
   */
  function connectAnonymous(connection: Connection, id: unknown): void {
    if (anonymousConnections >= options.maxAnonymousConnections) return disconnect(connection, CLOSE_CONNECTION_LIMIT);
    connection.kind = "guest";
    anonymousConnections += 1;
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
    const previous = playerConnectionCounts.get(claims.playerId) ?? 0;
    playerConnectionCounts.set(claims.playerId, previous + 1);
    if (previous === 0) options.onOnlineChanged();
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

  function hold(connection: Connection, eventId: string | undefined, frame: string): void {
    connection.held?.push({ eventId, frame });
    connection.heldBytes += frame.length;
    // The same bound as a slow reader's unsent data: the history read must not buffer without end.
    if (connection.heldBytes > MAX_BUFFERED_BYTES) disconnect(connection, CLOSE_SLOW);
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

  const ticker = setInterval(() => {
    const at = monotonicMs();
    const appNowSeconds = Math.floor(now().getTime() / 1000);
    for (const connection of connections) {
      if (connection.kind === "connecting") {
        if (at - connection.connectedAtMs > CONNECT_DEADLINE_MS) disconnect(connection, CLOSE_BAD_REQUEST);
        continue;
      }
      // A guest's connection has no token, so nothing of it expires.
      if (connection.kind === "player" && appNowSeconds > connection.expiresAt + EXPIRED_CLOSE_DELAY_SECONDS) {
        disconnect(connection, CLOSE_EXPIRED);
        continue;
      }
      if (connection.pingSentAtMs !== undefined) {
        if (at - connection.pingSentAtMs > pongTimeoutMs) disconnect(connection, CLOSE_NO_PONG);
      } else if (at - connection.lastPingMs >= pingMs) {
        connection.lastPingMs = at;
        connection.pingSentAtMs = at;
        send(connection, "{}");
      }
    }
  }, Math.min(1_000, pingMs / 2));
  ticker.unref();

  return {
    handleUpgrade(request, socket, head) {
      if (isClosing) {
        socket.destroy();
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        const at = monotonicMs();
        const connection: Connection = {
          socket: ws,
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
        };
        connections.add(connection);
        ws.on("message", (raw, isBinary) => onMessage(connection, raw, isBinary));
        ws.on("close", () => release(connection));
        ws.on("error", () => release(connection));
      });
    },

    deliver(channel, publication) {
      const set = subscribers.get(channel);
      if (!set || set.size === 0) return 0;
      const { eventId } = publication;
      const frame = JSON.stringify({ push: { channel, pub: publicationBody(publication) } });
      for (const connection of set) {
        if (connection.held) hold(connection, eventId, frame);
        else if (eventId !== undefined && connection.recoveredIds?.delete(eventId)) continue;
        else send(connection, frame);
      }
      return set.size;
    },

    onlinePlayers: () => playerConnectionCounts.size,
    connectionCount: () => connections.size,

    sessionIds() {
      const ids = new Set<string>();
      for (const connection of connections) if (connection.sessionId) ids.add(connection.sessionId);
      return [...ids];
    },

    disconnectSessions(isRevoked) {
      for (const connection of [...connections]) {
        if (connection.sessionId && isRevoked(connection.sessionId)) disconnect(connection, CLOSE_INVALID_TOKEN);
      }
    },

    async closeAll(reason) {
      isClosing = true;
      clearInterval(ticker);
      const closing = [...connections].map(
        (connection) =>
          new Promise<void>((resolve) => {
            connection.socket.once("close", () => resolve());
            disconnect(connection, reason);
            setTimeout(resolve, 2_500).unref();
          }),
      );
      // Sockets still before the upgrade callback (none normally) go with the server.
      await Promise.all(closing);
      server.close();
    },
  };
}
