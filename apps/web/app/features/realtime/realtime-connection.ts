// The tab's one realtime connection (spec 4 "Realtime connection", spec 7 "Realtime", spec 9
// timings). It exists while a player is signed in: startRealtimeLifecycle() follows the session
// store, connects after sign-in (or at once when the page was rendered signed in) and disconnects
// at sign-out. The channels are server-side subscriptions named in the connection token, so the
// client only listens: every publication goes to the event bus (realtime-events.ts).
//
// The `centrifuge` library is loaded on first use, so guests and the site shell never download it.
import {
  REALTIME_PING_TOLERANCE_MS,
  REALTIME_RECONNECT_DELAY_MAX_MS,
  REALTIME_RECONNECT_DELAY_MIN_MS,
  REALTIME_REQUEST_TIMEOUT_MS,
} from "@playfair/contracts/constants";
import type * as CentrifugeLibrary from "centrifuge";
import type { Centrifuge } from "centrifuge";
import { getSession, subscribeSession } from "#app/features/session/session-store.ts";
import { apiRequest, isApiRequestError } from "#app/lib/api-client.ts";
import { dispatchPublication, needsResync, resetRealtimeStatus, setConnectionState, setSubscriptionState, signalResync } from "./realtime-events.ts";

const REALTIME_PATH = "/api/connection/websocket";
const REALTIME_TOKEN_PATH = "/api/realtime/token";
/** The server's "session check" disconnect (see the server's realtime README, Centrifugo mode). */
const SESSION_CHECK_CODE = 4001;

/** Spec 9: reconnect 500..20000 ms, request timeout 5000 ms, server ping tolerance 10000 ms. */
const REALTIME_TIMINGS = {
  minReconnectDelay: REALTIME_RECONNECT_DELAY_MIN_MS,
  maxReconnectDelay: REALTIME_RECONNECT_DELAY_MAX_MS,
  timeout: REALTIME_REQUEST_TIMEOUT_MS,
  maxServerPingDelay: REALTIME_PING_TOLERANCE_MS,
} as const;

type RealtimeToken = { token: string; expiresAt?: string };

let client: Centrifuge | null = null;
let connectedPlayer: string | null = null;
// Bumped by every start and stop, so a library load that finishes late knows it is stale.
let generation = 0;

function realtimeEndpoint(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`;
}

async function start(playerId: string): Promise<void> {
  if (connectedPlayer === playerId) return;
  stop();
  connectedPlayer = playerId;
  const startedAt = ++generation;
  setConnectionState("connecting");
  let library: typeof CentrifugeLibrary;
  try {
    library = await import("centrifuge");
  } catch (error) {
    console.warn("The realtime client could not be loaded", error);
    if (startedAt === generation) setConnectionState("disconnected");
    return;
  }
  if (startedAt !== generation) return;

  const next = new library.Centrifuge(realtimeEndpoint(window.location), {
    ...REALTIME_TIMINGS,
    // Asked for at each (re)connect that needs one; a refused session ends the connection for good.
    getToken: async () => {
      try {
        const { token } = await apiRequest<RealtimeToken>(REALTIME_TOKEN_PATH, { auth: "required" });
        return token;
      } catch (error) {
        if (isApiRequestError(error) && (error.status === 401 || error.status === 403)) throw new library.UnauthorizedError("signed out");
        throw error;
      }
    },
  });
  // 'connected' comes before the connect reply's server-side subscriptions are reported: from the
  // second one on, a 'subscribed' follows a reconnect.
  let connects = 0;
  next.on("state", (context) => setConnectionState(context.newState));
  next.on("connected", () => {
    connects += 1;
  });
  next.on("connecting", (context) => {
    // Centrifugo closed the connection because one of the player's sessions was revoked: the token
    // in hand may be that session's, so the reconnect asks for a new one (refused when revoked).
    if (context.code === SESSION_CHECK_CODE) next.setToken("");
  });
  next.on("publication", (context) => {
    const eventId = context.tags?.eventId;
    dispatchPublication({
      channel: context.channel,
      data: context.data,
      ...(context.offset ? { offset: context.offset } : {}),
      ...(eventId ? { eventId } : {}),
    });
  });
  next.on("subscribing", (context) => setSubscriptionState(context.channel, "subscribing"));
  next.on("subscribed", (context) => {
    setSubscriptionState(context.channel, "subscribed");
    // Recovered publications come as ordinary publications; only a gap needs a reload.
    if (needsResync(context, connects > 1)) signalResync(context.channel);
  });
  next.on("unsubscribed", (context) => setSubscriptionState(context.channel, "unsubscribed"));
  next.on("error", (context) => console.warn("Realtime error", context.error));
  client = next;
  next.connect();
}

function stop(): void {
  generation++;
  connectedPlayer = null;
  const current = client;
  client = null;
  if (current) {
    current.removeAllListeners();
    current.disconnect();
  }
  resetRealtimeStatus();
}

function follow(): void {
  const session = getSession();
  if (session.status === "signedIn") void start(session.playerId);
  else if (connectedPlayer !== null || client !== null) stop();
}

let following = false;

/**
 * Starts following the session (idempotent; browser only). Call it after hydration, from an
 * effect: connecting during the server render or before hydration would be wasted work.
 */
export function startRealtimeLifecycle(): void {
  if (following || typeof window === "undefined") return;
  following = true;
  subscribeSession(follow);
  follow();
}
