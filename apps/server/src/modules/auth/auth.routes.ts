import {
  AuthSessionSchema,
  LoginRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterPhoneRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  TokenLoginRequestSchema,
} from "@playfair/contracts/player/auth";
import { PaginationQuerySchema } from "@playfair/contracts/pagination";
import { SessionListSchema } from "@playfair/contracts/player/sessions";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { validationFailed } from "../../lib/app-error.ts";
import { assertSameSiteJsonRequest, clearRefreshCookie, refreshTokenFrom } from "./tokens-cookie.ts";
import { CAPTCHA_FAILED } from "../messaging/contact-fields.ts";

// Registered under /api/player (captcha: /api) by app.ts.

const NO_CONTENT = { 204: z.null().meta({ description: "No content" }) };
const SessionIdParamsSchema = z.object({ id: z.uuid() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, captcha, registration } = app.services;

  app.post(
    "/register",
    {
      schema: {
        tags: ["player"],
        summary: "Register with e-mail and password; signs in unless skipLogin",
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await registration.registerPlayer({ kind: "email", body: request.body }, request, reply);
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/register/phone",
    {
      schema: {
        tags: ["player"],
        summary: "Register with a phone number proved by an OTP (POST /otp/send, purpose registration)",
        body: RegisterPhoneRequestSchema,
        response: { 201: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await registration.registerPlayer({ kind: "phone", body: request.body }, request, reply);
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/sessions",
    {
      schema: {
        tags: ["player"],
        summary: "Sign in with e-mail or phone and password (brute-force limited: 429 with Retry-After)",
        body: LoginRequestSchema,
        response: { 200: AuthSessionSchema },
      },
    },
    async (request, reply) => {
      const { login, password, affiliateTag } = request.body;
      if (!(await captcha.verify(request.body.captcha, "login", request))) throw validationFailed({ captcha: [CAPTCHA_FAILED] });
      return sessions.signInWithPassword({ login, password, ...(affiliateTag ? { affiliateTag } : {}), request, reply });
    },
  );

  app.post(
    "/sessions/token",
    {
      schema: {
        tags: ["player"],
        summary: "Auto-login with a one-time token and its state",
        body: TokenLoginRequestSchema,
        response: { 200: AuthSessionSchema },
      },
    },
    async (request, reply) => sessions.signInWithToken({ token: request.body.token, state: request.body.state, request, reply }),
  );

  // Before body validation, so a cross-site form post is refused as such rather than as a bad body.
  const refuseCrossSite = async (request: FastifyRequest) => assertSameSiteJsonRequest(request, app.config.publicOrigin);

  app.post(
    "/sessions/refresh",
    {
      preValidation: refuseCrossSite,
      schema: {
        tags: ["player"],
        summary: "New access token from the refresh cookie; the refresh token rotates",
        body: RefreshRequestSchema,
        response: { 200: RefreshResponseSchema },
      },
    },
    async (request, reply) => {
      return sessions.refresh({ refreshToken: refreshTokenFrom(request), request, reply });
    },
  );

  app.post(
    "/sessions/logout",
    {
      // The cookie is ambient authority; a bearer token is not, so only cookie logouts need the CSRF checks.
      preValidation: async (request) => {
        if (!request.accessToken && refreshTokenFrom(request)) await refuseCrossSite(request);
      },
      schema: {
        tags: ["player"],
        summary: "End the current session (bearer token or refresh cookie) and clear the cookie",
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await sessions.logout({ accessToken: request.accessToken, refreshToken: refreshTokenFrom(request) });
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/sessions",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: {
        tags: ["player"],
        summary: "The player's live sessions, most recently active first",
        querystring: PaginationQuerySchema,
        response: { 200: SessionListSchema },
      },
    },
    async (request) => sessions.listSessions(principalOf(request), request.query),
  );

  app.put(
    "/sessions/:id/close",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: {
        tags: ["player"],
        summary: "End one of the player's sessions; its tokens stop working at once",
        params: SessionIdParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await sessions.closeSession(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/sessions/close-other",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: {
        tags: ["player"],
        summary: "End every session of the player except the current one",
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await sessions.closeOtherSessions(principalOf(request));
      return reply.status(204).send(null);
    },
  );
};

function principalOf(request: { principal: { playerId: string; sessionId: string } | null }) {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}
