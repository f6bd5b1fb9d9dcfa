import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: notifications helper. Registered under /api/notification.
export const notificationRoutes: FastifyPluginAsyncZod = async () => {};
