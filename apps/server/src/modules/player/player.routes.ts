import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: auth-core helper. Registered under /api/player (captcha: /api) by modules/accounts/account-routes.ts.
export const playerRoutes: FastifyPluginAsyncZod = async () => {};
