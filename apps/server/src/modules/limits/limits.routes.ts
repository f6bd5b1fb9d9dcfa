import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: limits helper. Registered under /api/player/limits (spec 7 "Player": GET and POST
// /api/player/limits; PUT and DELETE /api/player/limits/{id}).
export const limitsRoutes: FastifyPluginAsyncZod = async () => {};
