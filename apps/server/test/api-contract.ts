// The route-table walk shared by the API contract tests (api-contract-*.int.test.ts): a server
// with a signed-in and a self-excluded player, every API route, and a call to any route with its
// path parameters filled by values its schema accepts. Not used by the app.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { createPlayer, signIn, startAccountsServer } from "../src/modules/messaging/accounts-test-kit.ts";
import { players } from "../src/modules/player/player.schema.ts";
import { createSportsbookTokens } from "../src/modules/sport/betting/sportsbook-token.ts";
import type { RouteEntry } from "../src/plugins/authentication.ts";
import { apiRoutes, routeName } from "./route-table.ts";
import type { TestServer } from "./test-server.ts";

export const OPERATOR_KEY = "api-contract-operator-key-0123456789";

/** Values tried for path parameters until the route's params schema accepts one. */
export const PARAM_CANDIDATES = ["00000000-0000-4000-8000-000000000001", "1", "page", "telegram", "google", "sandbox", "deposit", "playfair-dice", "GB"];

export const isOperatorRoute = (route: RouteEntry) => route.url.startsWith("/api/operator/") || route.url === "/api/operator";
export const sendsBody = (route: RouteEntry) => route.method !== "GET";
/** Routes that refuse a guest: the site session's, and the sportsbook token's (ADR 035). */
export const isSignedIn = (route: RouteEntry) => route.auth === "player" || route.auth === "sportsbook";

export function zodSchema(value: unknown): z.ZodType | undefined {
  return value instanceof z.ZodType ? value : undefined;
}

export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** The route's path with every parameter replaced by a value its params schema accepts. */
export function concretePath(route: RouteEntry): string {
  const shape = shapeOf(zodSchema(route.schema?.params)) ?? {};
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const field = shape[name];
    const value = field ? PARAM_CANDIDATES.find((candidate) => field.safeParse(candidate).success) : PARAM_CANDIDATES[0];
    if (value === undefined) throw new Error(`${routeName(route)}: no candidate value fits the parameter ${name}; add one to PARAM_CANDIDATES`);
    return value;
  });
}

export type CallOptions = { token?: string; body?: string; query?: string; language?: string };

export type ApiContract = {
  server: TestServer;
  /** A signed-in player's access token. */
  playerToken: string;
  /** A self-excluded player's access token (restricted mode). */
  restrictedToken: string;
  /** What the sportsbook's start-game call answers the player: the bet routes' bearer (ADR 035). */
  sportsbookToken: string;
  routes: RouteEntry[];
  call(route: RouteEntry, options?: CallOptions): Promise<Response>;
  /** What a caller allowed on the route presents: the operator key, a player's token, or nothing. */
  credentialsFor(route: RouteEntry): string | undefined;
};

export async function startApiContract(): Promise<ApiContract> {
  const server = await startAccountsServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY } });
  const player = await createPlayer(server, { country: "DE" });
  const session = await signIn(server, player.id);
  const playerToken = session.accessToken;
  const sportsbookToken = await createSportsbookTokens({ secrets: server.app.services.secrets, now: () => new Date() }).issue({ playerId: player.id, sessionId: session.sessionId, currency: "USD" });
  const excluded = await createPlayer(server, { country: "DE" });
  await server.database.db.update(players).set({ selfExcludedUntil: new Date(Date.now() + 180 * 24 * 3600 * 1000) }).where(eq(players.id, excluded.id));
  const restrictedToken = (await signIn(server, excluded.id)).accessToken;
  return {
    server,
    playerToken,
    restrictedToken,
    sportsbookToken,
    routes: apiRoutes(server),
    call(route, options = {}) {
      const headers: Record<string, string> = { "accept-language": options.language ?? "en" };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers["content-type"] = "application/json";
      return server.request(`${concretePath(route)}${options.query ?? ""}`, { method: route.method, headers, ...(options.body !== undefined ? { body: options.body } : {}) });
    },
    credentialsFor(route) {
      if (isOperatorRoute(route)) return OPERATOR_KEY;
      if (route.auth === "sportsbook") return sportsbookToken;
      return route.auth ? playerToken : undefined;
    },
  };
}
