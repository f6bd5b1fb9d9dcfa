import {
  AuthSessionSchema,
  SocialLoginRequestSchema,
  SocialRedirectResponseSchema,
  TelegramLoginRequestSchema,
} from "@playfair/contracts/player/auth";
import {
  MessengerLinkRequestSchema,
  SocialConnectionsResponseSchema,
  SocialProvidersResponseSchema,
  SocialUnlinkRequestSchema,
} from "@playfair/contracts/player/social";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "../../config.ts";
import { SOCIAL_STATE_TTL_MS } from "./social.service.ts";

// Registered under /api/player by app.ts.

/** HttpOnly cookie tying a social sign-in to the browser that started it (see SocialStart.binding). */
const SOCIAL_BINDING_COOKIE = "social_auth";
const SOCIAL_BINDING_COOKIE_PATH = "/api/player/sessions/social";
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const SocialTypeParamsSchema = z.object({ socialType: z.string().regex(/^[a-z0-9-]{2,32}$/) });
const ProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,32}$/) });

const SocialStartQuerySchema = z.object({
  redirectUri: z.string().max(2048).meta({ description: "This site's /[lang/]auth/social/{socialType}/callback URL" }),
  affiliateTag: z.string().max(200).optional(),
  ref_id: z.string().max(64).optional(),
  currency: z.string().regex(/^[A-Za-z0-9]{2,10}$/).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
});

const SocialLinkStartRequestSchema = z
  .object({ redirectUri: z.string().max(2048).meta({ description: "This site's /[lang/]auth/social/{provider}/callback URL" }) })
  .meta({ id: "SocialLinkStartRequest" });

/** Parameters of the provider's redirect that the callback page forwards besides code and state. */
// Query and path schemas carry no schema id: the OpenAPI generator cannot resolve references there.
const SocialLoginQuerySchema = z.object({
  iss: z.string().max(2048).optional().meta({ description: "RFC 9207 issuer of the authorization response, when the provider sent one" }),
});

/** The answer of a callback that finished linking (the state was started by a signed-in player). */
const SocialLinkedResponseSchema = z
  .object({ linked: z.literal(true), socialType: z.string(), connections: SocialConnectionsResponseSchema })
  .meta({ id: "SocialLinked" });

function isSecure(config: AppConfig, request: FastifyRequest): boolean {
  return request.protocol === "https" || config.publicOrigin.startsWith("https:");
}

function setBindingCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.setCookie(SOCIAL_BINDING_COOKIE, value, { path: SOCIAL_BINDING_COOKIE_PATH, maxAge: maxAgeSeconds, httpOnly: true, sameSite: "lax", secure });
}

function bindingFrom(request: FastifyRequest): string | null {
  const value = request.cookies[SOCIAL_BINDING_COOKIE];
  return value !== undefined && BINDING_PATTERN.test(value) ? value : null;
}

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const social = app.services.social;
  const config = app.config;
  const bindingMaxAge = SOCIAL_STATE_TTL_MS / 1000;

  app.get(
    "/social/providers",
    {
      schema: {
        tags: ["social"],
        summary: "Social sign-in providers (for the sign-in and sign-up buttons)",
        response: { 200: SocialProvidersResponseSchema },
      },
    },
    async () => ({ providers: social.listProviders() }),
  );

  app.get(
    "/social/:socialType/start",
    {
      schema: {
        tags: ["social"],
        summary: "Start a social sign-in: where to send the browser",
        description:
          "Authorization code flow with PKCE (S256), state and nonce. Sets an HttpOnly cookie that the callback " +
          "(POST /api/player/sessions/social) must send back, so call both with credentials: same-origin.",
        params: SocialTypeParamsSchema,
        querystring: SocialStartQuerySchema,
        response: { 200: SocialRedirectResponseSchema },
      },
    },
    async (request, reply) => {
      const { redirectUri, affiliateTag, ref_id, currency, country } = request.query;
      const started = await social.startSignIn({
        socialType: request.params.socialType,
        redirectUri,
        siteOrigin: config.publicOrigin,
        context: { affiliateTag, refId: ref_id, currency: currency?.toUpperCase(), country },
      });
      setBindingCookie(reply, started.binding, bindingMaxAge, isSecure(config, request));
      return { url: started.url };
    },
  );

  app.post(
    "/sessions/social",
    {
      schema: {
        tags: ["social"],
        summary: "Finish a social sign-in (or a link started by a signed-in player)",
        description:
          "Body: the code and state the provider sent to /auth/social/:connection/callback. A sign-in answers with an " +
          "AuthSession (a new player is created when the identity is unknown); a link answers { linked: true } and " +
          "requires the bearer token of the player who started it.",
        querystring: SocialLoginQuerySchema,
        body: SocialLoginRequestSchema,
        response: { 200: z.union([AuthSessionSchema, SocialLinkedResponseSchema]) },
      },
    },
    async (request, reply) => {
      const binding = bindingFrom(request);
      // The binding is single use like the state it belongs to.
      setBindingCookie(reply, "", 0, isSecure(config, request));
      const result = await social.completeCallback({
        socialType: request.body.connection,
        code: request.body.code,
        state: request.body.state,
        iss: request.query.iss,
        binding,
        request,
        reply,
      });
      if (result.kind === "linked") return { linked: true as const, socialType: result.socialType, connections: result.connections };
      return result.session;
    },
  );

  app.post(
    "/tg_login",
    {
      schema: {
        tags: ["social"],
        summary: "Sign in from the Telegram mini-app with its signed initData",
        body: TelegramLoginRequestSchema,
        response: { 200: AuthSessionSchema },
      },
    },
    async (request, reply) =>
      social.telegramSignIn({
        payload: request.body.tg_payload,
        affiliateTag: request.body.affiliate_tag,
        refId: request.body.ref_id,
        currency: request.body.currency,
        language: request.body.language,
        request,
        reply,
      }),
  );

  app.get(
    "/social-connections",
    {
      config: { auth: "player", restrictedMode: "allowed" },
      schema: {
        tags: ["social"],
        summary: "The player's linked sign-in providers and those that can still be linked",
        security: [{ bearerAuth: [] }],
        response: { 200: SocialConnectionsResponseSchema },
      },
    },
    async (request) => social.listConnections(request.principal!.playerId),
  );

  app.post(
    "/social-connections/messenger",
    {
      config: { auth: "player" },
      schema: {
        tags: ["social"],
        summary: "Link Telegram to the signed-in player with the mini-app's initData",
        security: [{ bearerAuth: [] }],
        body: MessengerLinkRequestSchema,
        response: { 200: SocialConnectionsResponseSchema },
      },
    },
    async (request) => social.linkTelegram(request.principal!.playerId, request.body.tg_payload),
  );

  app.post(
    "/social-connections/unlink",
    {
      config: { auth: "player" },
      schema: {
        tags: ["social"],
        summary: "Unlink a provider (refused when it is the last way to sign in)",
        security: [{ bearerAuth: [] }],
        body: SocialUnlinkRequestSchema,
        response: { 200: SocialConnectionsResponseSchema },
      },
    },
    async (request) => social.unlink(request.principal!.playerId, request.body.socialType),
  );

  app.post(
    "/social-connections/:provider",
    {
      config: { auth: "player" },
      schema: {
        tags: ["social"],
        summary: "Start linking a provider to the signed-in player: where to send the browser",
        description: "Sets the same HttpOnly cookie as a social sign-in start; the callback then needs the bearer token too.",
        security: [{ bearerAuth: [] }],
        params: ProviderParamsSchema,
        body: SocialLinkStartRequestSchema,
        response: { 200: SocialRedirectResponseSchema },
      },
    },
    async (request, reply) => {
      const started = await social.startLink({
        playerId: request.principal!.playerId,
        socialType: request.params.provider,
        redirectUri: request.body.redirectUri,
        siteOrigin: config.publicOrigin,
      });
      setBindingCookie(reply, started.binding, bindingMaxAge, isSecure(config, request));
      return { url: started.url };
    },
  );
};
