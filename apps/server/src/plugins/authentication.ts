import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods, preParsingAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { PlayerRestriction } from "@playfair/contracts/player/profile";
import { AppError } from "../lib/app-error.ts";
import { restrictedModeError } from "../lib/restricted-mode.ts";

/**
 * Who a valid access token says the caller is; `restriction` is set while the player is in
 * restricted mode (a self-exclusion or cooling-off in force; docs/decisions/016-restricted-mode.md).
 */
export type Principal = {
  playerId: string;
  sessionId: string;
  restriction?: PlayerRestriction | null;
  /** The wallet currency a sportsbook token was issued for (ADR 035); absent on session tokens. */
  currency?: string;
};

/** Turns a bearer token into a principal, or null when the token is not valid (expired, revoked, forged). */
export type AccessTokenVerifier = (token: string, request: FastifyRequest) => Promise<Principal | null>;

/**
 * Who may call a route, declared in its options as `config: { auth }`:
 * - "player": a valid bearer session token, else 401;
 * - "optional": guests too, but a token that is sent must be valid (401 otherwise), so a
 *   handler can tell a guest from a player through `request.principal`.
 * - "sportsbook": a valid sportsbook token (from the sportsbook's start-game call, ADR 035), else 401;
 *   the bet routes the widget calls take it instead of the site's session token.
 * Routes without it are public (or, like the operator API, guarded by their scope's own hook).
 */
export type RouteAuth = "player" | "optional" | "sportsbook";

/**
 * Restricted mode (docs/decisions/016-restricted-mode.md): a self-excluded or cooling-off player is
 * signed in to withdraw and read, nothing more. A route with `config: { auth }` refuses such a caller
 * (403 RESTRICTED_MODE) unless it declares `restrictedMode: "allowed"`; so a route added later is
 * closed to them until someone decides otherwise.
 */
export type RouteRestrictedMode = "allowed";

/** One route as registered, for whoever needs the whole table (the API contract tests). */
export type RouteEntry = {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly auth: RouteAuth | undefined;
  readonly restrictedMode: RouteRestrictedMode | undefined;
  readonly schema: FastifySchema | undefined;
};

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    restrictedMode?: RouteRestrictedMode;
  }
  interface FastifyRequest {
    /** The raw bearer token of the Authorization header, when one was sent. */
    readonly accessToken: string | null;
    /** The verified caller of a route declared with `config: { auth }`; null for guests. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** The accounts module installs the real verifier; until then no token is accepted. */
    setAccessTokenVerifier(verifier: AccessTokenVerifier): void;
    /** The sportsbook installs the verifier of its own tokens; until then none is accepted. */
    setSportsbookTokenVerifier(verifier: AccessTokenVerifier): void;
    /** Every route registered after this plugin, HEAD twins included, in registration order. */
    readonly routeTable: readonly RouteEntry[];
  }
}

const BEARER_PATTERN = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

export function bearerTokenFrom(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return BEARER_PATTERN.exec(authorization)?.[1] ?? null;
}

function unauthorized(): AppError {
  return new AppError("UNAUTHORIZED", "Sign in to continue.", { headers: { "www-authenticate": "Bearer" } });
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    let verifyAccessToken: AccessTokenVerifier = async () => null;
    let verifySportsbookToken: AccessTokenVerifier = async () => null;
    const routeTable: RouteEntry[] = [];

    // Read from the header when asked: most requests (pages' assets, reference data) never ask,
    // and a hook on every request would cost them a hook call.
    app.decorateRequest("accessToken", {
      getter(this: FastifyRequest) {
        return bearerTokenFrom(this.headers.authorization);
      },
    });
    app.decorateRequest("principal", null);
    app.decorate("routeTable", {
      getter: () => routeTable,
    });

    app.decorate("setAccessTokenVerifier", (verifier: AccessTokenVerifier) => {
      verifyAccessToken = verifier;
    });
    app.decorate("setSportsbookTokenVerifier", (verifier: AccessTokenVerifier) => {
      verifySportsbookToken = verifier;
    });

    // preParsing: after every onRequest hook (the rate limit counts guests too) and before the
    // body is read or validated, so a guest learns nothing about a signed-in route's fields.
    const requirePlayer: preParsingAsyncHookHandler = async (request, _reply: FastifyReply, payload) => {
      const principal = request.accessToken ? await verifyAccessToken(request.accessToken, request) : null;
      if (!principal) throw unauthorized();
      request.principal = principal;
      return payload;
    };
    const requireSportsbookPlayer: preParsingAsyncHookHandler = async (request, _reply: FastifyReply, payload) => {
      const principal = request.accessToken ? await verifySportsbookToken(request.accessToken, request) : null;
      if (!principal) throw unauthorized();
      request.principal = principal;
      return payload;
    };
    const identifyCaller: preParsingAsyncHookHandler = async (request, _reply: FastifyReply, payload) => {
      if (!request.accessToken) return payload;
      const principal = await verifyAccessToken(request.accessToken, request);
      if (!principal) throw unauthorized();
      request.principal = principal;
      return payload;
    };

    // After the caller is known, still before the body is read: restricted mode refuses the route
    // whatever the request would have said.
    const refuseRestricted: preParsingAsyncHookHandler = async (request, _reply: FastifyReply, payload) => {
      const restriction = request.principal?.restriction;
      if (restriction) throw restrictedModeError(restriction);
      return payload;
    };

    // Declared per route and attached here, so the check cannot be left out of one handler and
    // routes without it pay for no hook at all.
    app.addHook("onRoute", (route) => {
      const auth = route.config?.auth;
      const restrictedMode = route.config?.restrictedMode;
      const methods = [route.method].flat();
      for (const method of methods) routeTable.push({ method, url: route.url, auth, restrictedMode, schema: route.schema });
      if (auth === undefined) return;
      const identify = auth === "player" ? requirePlayer : auth === "sportsbook" ? requireSportsbookPlayer : identifyCaller;
      const hooks = [identify, ...(restrictedMode === "allowed" ? [] : [refuseRestricted])];
      route.preParsing = route.preParsing === undefined ? hooks : [...hooks, ...[route.preParsing].flat()];
      // The OpenAPI document says what the hook enforces; an empty requirement makes the token optional.
      if (route.schema && route.schema.security === undefined) {
        route.schema = { ...route.schema, security: auth === "optional" ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }] };
      }
    });
  },
  { name: "authentication" },
);
