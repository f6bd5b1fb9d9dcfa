import { DEPOSIT_LIMIT_REACHED_REASON } from "@playfair/contracts/api-error";
import {
  CreateInvoiceRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeadersSchema,
  InvoiceIdParamsSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceResponseSchema,
  InvoiceStatisticsSchema,
} from "@playfair/contracts/payment/invoices";
import { PaymentMethodListSchema, PaymentMethodsQuerySchema, type PaymentDirection } from "@playfair/contracts/payment/methods";
import { sandboxReturnPath } from "@playfair/contracts/payment/sandbox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../../plugins/authentication.ts";
import { checkoutPage, notFoundPage, SANDBOX_PAGE_POLICY } from "./sandbox-pages.ts";
import { SANDBOX_CHECKOUT_PATH } from "./sandbox-provider.ts";
import { WEBHOOK_SIGNATURE_HEADER } from "../../lib/webhook-signature.ts";

// Registered under /api/payment (spec 7 "Wallet and payment"): methods,
// invoices, statistics, decline, the providers' webhooks, and the sandbox provider's pages.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

const ProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/, { error: "Unknown payment provider." }) });
const SandboxPaymentParamsSchema = z.object({ paymentId: z.string().regex(/^sbx_[A-Za-z0-9]{8,60}$/, { error: "Unknown sandbox payment." }) });
const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean(), ignored: z.boolean() });
const SandboxReferenceParamsSchema = z.object({
  reference: z.union([SandboxPaymentParamsSchema.shape.paymentId, z.uuid()], { error: "Use the sandbox payment id or the invoice id." }),
});
const SandboxSimulationSchema = z.object({ outcome: z.enum(["succeeded", "failed"]).default("succeeded") });
const SandboxSimulationResultSchema = z.object({ settled: z.boolean(), invoiceId: z.string().nullable() });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  const authenticated = { config: { auth: "player" } } as const;
  // Restricted mode (ADR 016) keeps withdrawals open and closes every deposit path.
  const configFor = (direction: PaymentDirection) => (direction === "withdrawal" ? { ...authenticated.config, restrictedMode: "allowed" as const } : authenticated.config);

  // The sandbox reports through the same HTTP route an outside provider would call.
  const root: FastifyInstance = app;
  payments.sandbox.setTransport(async ({ provider, rawBody, headers }) => {
    const response = await root.inject({ method: "POST", url: `/api/payment/webhooks/${provider}`, payload: rawBody, headers });
    return response.statusCode;
  });

  for (const direction of ["deposit", "withdrawal"] as const satisfies readonly PaymentDirection[]) {
    app.get(
      `/methods/${direction}`,
      {
        config: configFor(direction),
        schema: {
          tags: ["payment"],
          summary: `Payment methods for a ${direction}, grouped; a reached deposit limit answers 403 with reason ${DEPOSIT_LIMIT_REACHED_REASON}`,
          querystring: PaymentMethodsQuerySchema,
          response: { 200: PaymentMethodListSchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const country = request.query.country ?? request.client.country;
        return { data: await payments.methods(direction, { playerId: principalOf(request).playerId, currency: request.query.currency, country }) };
      },
    );

    app.post(
      `/invoices/${direction}`,
      {
        config: configFor(direction),
        schema: {
          tags: ["payment"],
          summary: `Request a ${direction}; an Idempotency-Key header makes retries safe`,
          headers: IdempotencyKeyHeadersSchema,
          body: CreateInvoiceRequestSchema,
          response: { 201: InvoiceResponseSchema },
        },
      },
      async (request, reply) => {
        const { invoice, replayed } = await payments.createInvoice(direction, {
          playerId: principalOf(request).playerId,
          body: request.body,
          idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        });
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.status(201).send({ data: invoice });
      },
    );
  }

  app.get(
    "/invoices",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["payment"], summary: "The player's invoices, newest first", querystring: InvoiceListQuerySchema, response: { 200: InvoiceListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.listInvoices(principalOf(request).playerId, request.query);
    },
  );

  app.get(
    "/invoices/statistics",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["payment"], summary: "Deposit count and sums per currency", response: { 200: InvoiceStatisticsSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await payments.statistics(principalOf(request).playerId) };
    },
  );

  app.put(
    "/invoices/:id/decline",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: {
        tags: ["payment"],
        summary: "Cancel a pending withdrawal (the held money returns) or a pending deposit (it stops counting against the deposit limit): status 4",
        params: InvoiceIdParamsSchema,
        response: { 200: InvoiceResponseSchema },
      },
    },
    async (request) => ({ data: await payments.declineInvoice(principalOf(request).playerId, request.params.id) }),
  );

  // Provider callbacks: the body must stay raw bytes until its signature has been checked (S8).
  await app.register(async (context) => {
    const webhooks = context.withTypeProvider<ZodTypeProvider>();
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    webhooks.post(
      "/webhooks/:provider",
      {
        schema: {
          tags: ["payment"],
          summary: `Provider callback, signed in the ${WEBHOOK_SIGNATURE_HEADER} header (HMAC-SHA256 over "<timestamp>.<raw body>")`,
          params: ProviderParamsSchema,
          response: { 200: WebhookReceiptSchema },
        },
      },
      async (request) => {
        const rawBody = typeof request.body === "string" ? request.body : "";
        const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
        return payments.receiveWebhook({ provider: request.params.provider, rawBody, signature: Array.isArray(header) ? header[0] : header });
      },
    );
  });

  // The sandbox provider's pages: the player confirms or cancels there, as on a provider's site.
  await app.register(async (context) => {
    const sandbox = context.withTypeProvider<ZodTypeProvider>();
    // The page's buttons post empty HTML forms; the action is in the path.
    sandbox.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, {}));
    // Their HTML (and the JSON of the simulation below, where it costs nothing) carries the pages' policy.
    sandbox.addHook("onRequest", (_request, reply, done) => {
      reply.header("content-security-policy", SANDBOX_PAGE_POLICY);
      done();
    });
    const checkoutPrefix = SANDBOX_CHECKOUT_PATH.replace(/^\/api\/payment/, "");

    sandbox.get(`${checkoutPrefix}/:paymentId`, { schema: { hide: true, params: SandboxPaymentParamsSchema } }, async (request, reply) => {
      const payment = await payments.sandbox.find(request.params.paymentId);
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!payment) return reply.status(404).send(notFoundPage());
      return reply.send(checkoutPage(payment, SANDBOX_CHECKOUT_PATH));
    });

    for (const action of ["confirm", "cancel"] as const) {
      sandbox.post(`${checkoutPrefix}/:paymentId/${action}`, { schema: { hide: true, params: SandboxPaymentParamsSchema } }, async (request, reply) => {
        const result = await payments.settleSandboxPayment(request.params.paymentId, action === "confirm" ? "succeeded" : "cancelled");
        if (!result.invoiceId) return reply.status(404).type("text/html; charset=utf-8").send(notFoundPage());
        return reply.redirect(sandboxReturnPath(), 303);
      });
    }

    // The simulated outside world of a demo deployment: the crypto network confirming a transfer,
    // a cash agent reporting the cash received. Absent in production deployments.
    sandbox.post(
      "/sandbox/simulate/:reference",
      {
        schema: {
          tags: ["payment"],
          summary: "Demo deployments: simulate the network confirmation (crypto) or the agent's report (cash agent) of a payment or invoice id",
          params: SandboxReferenceParamsSchema,
          body: SandboxSimulationSchema.optional(),
          response: { 200: SandboxSimulationResultSchema },
        },
      },
      async (request) => {
        if (app.config.deployment !== "demo") throw new AppError("NOT_FOUND", "No API endpoint answers this request.");
        const { reference } = request.params;
        const payment = reference.startsWith("sbx_") ? await payments.sandbox.find(reference) : await payments.sandbox.findByReference(reference);
        if (!payment || (payment.kind !== "crypto" && payment.kind !== "cash-agent")) throw new AppError("NOT_FOUND", "This sandbox payment does not exist.");
        return payments.settleSandboxPayment(payment.id, request.body?.outcome ?? "succeeded");
      },
    );
  });
};
