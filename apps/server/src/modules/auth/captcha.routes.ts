import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: messaging helper. Registered under /api/player (captcha: /api) by modules/accounts/account-routes.ts.
export const captchaRoutes: FastifyPluginAsyncZod = async () => {};
