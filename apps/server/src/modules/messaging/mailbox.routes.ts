import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: messaging helper. The development mailbox page; registered at the site root only when enabled by config.
export const mailboxRoutes: FastifyPluginAsyncZod = async () => {};
