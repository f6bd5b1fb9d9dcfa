import { InvoiceIdParamsSchema } from "@playfair/contracts/payment/invoices";
import {
  OperatorWithdrawalDecisionSchema,
  OperatorWithdrawalListQuerySchema,
  OperatorWithdrawalListSchema,
  OperatorWithdrawalResponseSchema,
} from "@playfair/contracts/payment/operator-withdrawals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../notification/operator-keys.ts";

// The operator's payout queue, registered under /api/operator/withdrawals:
// list the requested withdrawals, mark one paid out (complete) or refuse it (reject: the held money
// returns to the player). Authenticated like the rest of the operator API: `Authorization: Bearer
// <operator key>` (OPERATOR_API_KEYS, or the generated demo key of <DATA_DIR>/operator-key).

export const operatorWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  const operatorOf = requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));

  app.get(
    "/",
    {
      schema: {
        tags: ["operator"],
        summary: "Withdrawals in one status (default 1, requested), oldest first",
        querystring: OperatorWithdrawalListQuerySchema,
        response: { 200: OperatorWithdrawalListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return payments.operatorWithdrawals(request.query);
    },
  );

  app.post(
    "/:id/complete",
    {
      schema: {
        tags: ["operator"],
        summary: "Mark a requested withdrawal as paid out (status 2)",
        params: InvoiceIdParamsSchema,
        body: OperatorWithdrawalDecisionSchema.optional(),
        response: { 200: OperatorWithdrawalResponseSchema },
      },
    },
    async (request) => ({ data: await payments.completeWithdrawal(request.params.id, { operator: operatorOf(request).label, note: request.body?.note }) }),
  );

  app.post(
    "/:id/reject",
    {
      schema: {
        tags: ["operator"],
        summary: "Refuse a requested withdrawal (status 3); the held money returns to the player",
        params: InvoiceIdParamsSchema,
        body: OperatorWithdrawalDecisionSchema.optional(),
        response: { 200: OperatorWithdrawalResponseSchema },
      },
    },
    async (request) => ({ data: await payments.rejectWithdrawal(request.params.id, { operator: operatorOf(request).label, note: request.body?.note }) }),
  );
};
