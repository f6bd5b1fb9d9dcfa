import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: realtime helper. The websocket at /api/connection/websocket and the connection-token endpoint; registered under /api.
export const realtimeRoutes: FastifyPluginAsyncZod = async () => {};
