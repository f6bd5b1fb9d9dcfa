import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { CLOSE_BAD_REQUEST, CLOSE_EXPIRED, CLOSE_INVALID_TOKEN, CLOSE_NO_PONG, CLOSE_SLOW, type CloseReason } from "./realtime-protocol.ts";
import { publicationBody, type Publication } from "./realtime-frames.ts";
import { createConnectionCommands, monotonicMs, openConnection, type Connection, type ConnectionCommandOptions } from "./realtime-connection.ts";

/** Centrifugo's websocket_message_size_limit: a bigger message closes the socket with 1009 (message too big). */
const MAX_MESSAGE_BYTES = 65_536;
/**
 * A connection's messages of one turn of the event loop go out as one frame of newline-separated
 * JSON objects (as Centrifugo merges a client's queued messages); a frame grows to at most this size
 * unless one message alone is bigger.
 */
const MAX_FRAME_BYTES = 65_536;
const NEWLINE = 0x0a;
/** Pushes are written as bytes encoded once per publication, but they are JSON: text frames. */
const TEXT_FRAME = { binary: false } as const;
/** A client that leaves this much unread is dropped (3008) rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_048_576;
/** The client must send connect within this time. */
const CONNECT_DEADLINE_MS = 10_000;
/** Like Centrifugo's client_expired_close_delay: time to refresh after the token's expiry. */
const EXPIRED_CLOSE_DELAY_SECONDS = 25;

export type RealtimeHubOptions = ConnectionCommandOptions & {
  pongTimeoutSeconds: number;
  onOnlineChanged(): void;
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

function joinLines(messages: Buffer[], totalBytes: number): Buffer {
  const frame = Buffer.allocUnsafe(totalBytes);
  let at = 0;
  for (const message of messages) {
    if (at > 0) frame[at++] = NEWLINE;
    at += message.copy(frame, at);
  }
  return frame;
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { now } = options;
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  const playerConnectionCounts = new Map<string, number>();
  let anonymousConnections = 0;
  const pingMs = options.pingSeconds * 1000;
  let isClosing = false;
  const pongTimeoutMs = options.pongTimeoutSeconds * 1000;

  /** Connections with messages waiting for the end of this turn of the event loop. */
  let queued: Connection[] = [];

  function send(connection: Connection, message: string | Buffer): void {
    if (connection.closed || connection.socket.readyState !== WebSocket.OPEN) return;
    const bytes = typeof message === "string" ? Buffer.from(message) : message;
    if (connection.pendingBytes > 0 && connection.pendingBytes + 1 + bytes.length > MAX_FRAME_BYTES) write(connection);
    if (connection.closed) return;
    if (connection.pending.length === 0) {
      if (queued.length === 0) setImmediate(writeQueued);
      queued.push(connection);
    } else connection.pendingBytes += 1;
    connection.pending.push(bytes);
    connection.pendingBytes += bytes.length;
  }

  function writeQueued(): void {
    const connections = queued;
    queued = [];
    for (const connection of connections) write(connection);
  }

  /** Sends a connection's waiting messages as one text frame, one JSON object per line. */
  function write(connection: Connection): void {
    const { pending } = connection;
    if (pending.length === 0 || connection.closed) return;
    const frame = pending.length === 1 ? pending[0]! : joinLines(pending, connection.pendingBytes);
    connection.pending = [];
    connection.pendingBytes = 0;
    connection.socket.send(frame, TEXT_FRAME);
    if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) disconnect(connection, CLOSE_SLOW);
  }

  function disconnect(connection: Connection, reason: CloseReason): void {
    if (connection.closed) return;
    // What was written before the disconnect (a refusal, the replies before it) reaches the client first.
    write(connection);
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
    connection.pending = [];
    connection.pendingBytes = 0;
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

  function hold(connection: Connection, eventId: string | undefined, frame: Buffer): void {
    connection.held?.push({ eventId, frame });
    connection.heldBytes += frame.length;
    // The same bound as a slow reader's unsent data: the history read must not buffer without end.
    if (connection.heldBytes > MAX_BUFFERED_BYTES) disconnect(connection, CLOSE_SLOW);
  }

  const commands = createConnectionCommands(options, {
    send,
    disconnect,
    addSubscription,
    removeSubscription,
    admitGuest() {
      if (anonymousConnections >= options.maxAnonymousConnections) return false;
      anonymousConnections += 1;
      return true;
    },
    addPlayerConnection(playerId) {
      const previous = playerConnectionCounts.get(playerId) ?? 0;
      playerConnectionCounts.set(playerId, previous + 1);
      if (previous === 0) options.onOnlineChanged();
    },
  });

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
        const connection = openConnection(ws);
        connections.add(connection);
        ws.on("message", (raw, isBinary) => commands.onMessage(connection, raw, isBinary));
        ws.on("close", () => release(connection));
        ws.on("error", () => release(connection));
      });
    },

    deliver(channel, publication) {
      const set = subscribers.get(channel);
      if (!set || set.size === 0) return 0;
      const { eventId } = publication;
      // Encoded once for every subscriber: each socket writes the same bytes.
      const frame = Buffer.from(JSON.stringify({ push: { channel, pub: publicationBody(publication) } }));
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
