import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Registered under /api/operator: bonus templates, the welcome package and bonus codes, behind the
// operator key (`requireOperatorKey`), for the operator API and `npm run ops -- bonuses`.

export const operatorBonusRoutes: FastifyPluginAsyncZod = async () => {};
