import { REALTIME_PLAYER_CHANNELS } from "../player/realtime-channels.ts";

// Centrifuge client protocol v2 (JSON) codes this server uses; the numbers are the protocol's.
export const ERROR_INTERNAL = { code: 100, message: "internal server error", temporary: true } as const;
export const ERROR_UNKNOWN_CHANNEL = { code: 102, message: "unknown channel" } as const;
export const ERROR_PERMISSION_DENIED = { code: 103, message: "permission denied" } as const;
export const ERROR_METHOD_NOT_FOUND = { code: 104, message: "method not found" } as const;
export const ERROR_ALREADY_SUBSCRIBED = { code: 105, message: "already subscribed" } as const;
export const ERROR_BAD_REQUEST = { code: 107, message: "bad request" } as const;
export const ERROR_NOT_AVAILABLE = { code: 108, message: "not available" } as const;
export const ERROR_TOKEN_EXPIRED = { code: 109, message: "token expired" } as const;
export const ERROR_TOO_MANY_REQUESTS = { code: 111, message: "too many requests", temporary: true } as const;

export type ProtocolError = { code: number; message: string; temporary?: boolean };

// WebSocket close codes (disconnects). 3000-3499 make the client reconnect; 3500-3999 are final.
export const CLOSE_SHUTDOWN = { code: 3001, reason: "shutdown" } as const;
export const CLOSE_EXPIRED = { code: 3005, reason: "expired" } as const;
export const CLOSE_SLOW = { code: 3008, reason: "slow" } as const;
export const CLOSE_NO_PONG = { code: 3012, reason: "no pong" } as const;
export const CLOSE_TOO_MANY_REQUESTS = { code: 3013, reason: "too many requests" } as const;
export const CLOSE_INVALID_TOKEN = { code: 3500, reason: "invalid token" } as const;
export const CLOSE_BAD_REQUEST = { code: 3501, reason: "bad request" } as const;
/** Centrifugo's node connection limit (client_connection_limit): final, the client does not retry. */
export const CLOSE_CONNECTION_LIMIT = { code: 3504, reason: "connection limit" } as const;

/**
 * Sent through Centrifugo's disconnect API when one of the player's sessions is revoked: an
 * application code that reconnects (4000-4499); the web client fetches a new token before it does.
 */
export const CLOSE_SESSION_CHECK = { code: 4001, reason: "session check" } as const;

export type CloseReason = { code: number; reason: string };

export const GLOBAL_NAMESPACE = "global";
export const ONLINE_CHANNEL = "global:online";
/** Public reference data anyone connected may read, guests too: the sportsbook's prices and live list (ADR 035). */
export const SPORT_NAMESPACE = "sport";

const PLAYER_NAMESPACES = new Set(REALTIME_PLAYER_CHANNELS.map((channel) => channel.slice(0, channel.indexOf(":"))));

/** The spec 7 channels of one player (server-side subscriptions of their connection), plus global:online. */
export function playerChannels(playerId: string): string[] {
  return [...REALTIME_PLAYER_CHANNELS.map((channel) => `${channel}#${playerId}`), ONLINE_CHANNEL];
}

/**
 * Who may read a channel, as Centrifugo decides it with `allow_user_limited_channels` on the player
 * namespaces: `ns:name#id1,id2` only for the listed users; `global:*` and `sport:*` for anyone
 * connected (`sport` carries public prices, never a player's data, so no channel of it is user-limited).
 */
export function channelAccess(channel: string, playerId: string): "allowed" | "unknown" | "denied" {
  const separator = channel.indexOf(":");
  const namespace = separator > 0 ? channel.slice(0, separator) : "";
  if (namespace === GLOBAL_NAMESPACE || namespace === SPORT_NAMESPACE) return channel.includes("#") ? "denied" : "allowed";
  if (!PLAYER_NAMESPACES.has(namespace)) return "unknown";
  const hash = channel.lastIndexOf("#");
  if (hash === -1) return "denied";
  return channel.slice(hash + 1).split(",").includes(playerId) ? "allowed" : "denied";
}

/**
 * What an anonymous connection (a guest, connected without a token) may read: the public `sport`
 * namespace only, as Centrifugo's `allow_subscribe_for_anonymous` on that namespace alone. `global:*`
 * and the player namespaces exist but are for signed-in players (103).
 */
export function anonymousChannelAccess(channel: string): "allowed" | "unknown" | "denied" {
  const access = channelAccess(channel, "");
  if (access !== "allowed") return access;
  return channel.startsWith(`${SPORT_NAMESPACE}:`) ? "allowed" : "denied";
}

/** The client's frame: one JSON command per line. Null when any line is not a JSON object. */
export function parseCommands(frame: string): Record<string, unknown>[] | null {
  const commands: Record<string, unknown>[] = [];
  for (const line of frame.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return null;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    commands.push(value as Record<string, unknown>);
  }
  return commands;
}
