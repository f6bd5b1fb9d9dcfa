import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// OWNER: payments helper. Registered under /api/payment (spec 7 "Wallet and payment"): methods,
// invoices, statistics, decline, and the providers' webhooks.
export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
