import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: notifications helper. The operator API (campaigns, communications); registered under /api/operator.
export const operatorRoutes: FastifyPluginAsyncZod = async () => {};
