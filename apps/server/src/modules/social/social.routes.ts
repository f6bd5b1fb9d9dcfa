import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: social helper. Registered under /api/player (captcha: /api) by modules/accounts/account-routes.ts.
export const socialRoutes: FastifyPluginAsyncZod = async () => {};
