import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

/** Who a valid access token says the caller is. */
export type Principal = { playerId: string; sessionId: string };

/** Turns a bearer token into a principal, or null when the token is not valid (expired, revoked, forged). */
export type AccessTokenVerifier = (token: string, request: FastifyRequest) => Promise<Principal | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The raw bearer token of the Authorization header, when one was sent. */
    readonly accessToken: string | null;
    /** Set by `requireAuthentication` once the token is verified. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Route preHandler for calls that need a signed-in player: 401 otherwise. */
    requireAuthentication: preHandlerAsyncHookHandler;
    /** The accounts module installs the real verifier; until then no token is accepted. */
    setAccessTokenVerifier(verifier: AccessTokenVerifier): void;
  }
}

const BEARER_PATTERN = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

export function bearerTokenFrom(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return BEARER_PATTERN.exec(authorization)?.[1] ?? null;
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    let verifyAccessToken: AccessTokenVerifier = async () => null;

    // Read from the header when asked: most requests (pages' assets, reference data) never ask,
    // and a hook on every request would cost them a hook call.
    app.decorateRequest("accessToken", {
      getter(this: FastifyRequest) {
        return bearerTokenFrom(this.headers.authorization);
      },
    });
    app.decorateRequest("principal", null);

    app.decorate("setAccessTokenVerifier", (verifier: AccessTokenVerifier) => {
      verifyAccessToken = verifier;
    });
    app.decorate("requireAuthentication", async function requireAuthentication(request: FastifyRequest) {
      const principal = request.accessToken ? await verifyAccessToken(request.accessToken, request) : null;
      if (!principal) throw new AppError("UNAUTHORIZED", "Sign in to continue.", { headers: { "www-authenticate": "Bearer" } });
      request.principal = principal;
    });
  },
  { name: "authentication" },
);
