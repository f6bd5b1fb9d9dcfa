import { z } from "zod";
import { INVOICE_STATUS } from "../constants.ts";
import { pageSchema, paginationQuerySchema } from "../pagination.ts";
import { InvoiceSchema, InvoiceStatusSchema } from "./invoices.ts";

// Operator payouts: GET /api/operator/withdrawals?status=1, POST /api/operator/withdrawals/{id}/complete
// and /reject (operator API key), and the CLI `npm run ops -- withdrawals list|complete|reject`.

export const OperatorWithdrawalSchema = InvoiceSchema.extend({
  playerId: z.string(),
  walletAccountId: z.string(),
  /** The payout details the player entered (wallet_id, iban...), needed to pay out. */
  fields: z.record(z.string(), z.string()),
}).meta({ id: "OperatorWithdrawal" });

export const OperatorWithdrawalListQuerySchema = paginationQuerySchema().extend({
  status: z.coerce.number().pipe(InvoiceStatusSchema).default(INVOICE_STATUS.pending),
});

export const OperatorWithdrawalListSchema = pageSchema(OperatorWithdrawalSchema).meta({ id: "OperatorWithdrawalList" });

export const OperatorWithdrawalResponseSchema = z.object({ data: OperatorWithdrawalSchema }).meta({ id: "OperatorWithdrawalResponse" });

/** Optional note kept with the decision (why a payout was rejected). */
export const OperatorWithdrawalDecisionSchema = z
  .object({ note: z.string().trim().max(500).optional() })
  .meta({ id: "OperatorWithdrawalDecision" });

export type OperatorWithdrawal = z.infer<typeof OperatorWithdrawalSchema>;
export type OperatorWithdrawalListQuery = z.infer<typeof OperatorWithdrawalListQuerySchema>;
export type OperatorWithdrawalList = z.infer<typeof OperatorWithdrawalListSchema>;
export type OperatorWithdrawalDecision = z.infer<typeof OperatorWithdrawalDecisionSchema>;
