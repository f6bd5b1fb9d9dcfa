import { z } from "zod";
import { INVOICE_FAILURE_REASONS } from "@playfair/contracts/payment/invoices";
import { SANDBOX_PROVIDER } from "@playfair/contracts/payment/sandbox";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/database.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { SecretStore } from "../../lib/service-dependencies.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import type { DepositSettlement } from "./deposit-settlement.ts";
import { lockInvoice } from "./invoice-store.ts";
import { paymentWebhookEvents } from "./payment.schema.ts";
import { verifyWebhookSignature } from "../../lib/webhook-signature.ts";

// Provider callbacks: verified on the raw body before it is parsed (S8), recorded once per
// provider event, and applied to their deposit invoice in the same transaction.

export type WebhookReceipt = { received: true; duplicate: boolean; ignored: boolean };

const GENERATED_WEBHOOK_SECRET = "payment-webhook-sandbox";

const WebhookPayloadSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string(),
  data: z.object({
    paymentId: z.string().min(1).max(128),
    merchantReference: z.string().max(64),
    amount: z.string(),
    currency: z.string(),
    status: z.enum(["succeeded", "failed", "cancelled"]),
    failureReason: z.enum(INVOICE_FAILURE_REASONS).nullable(),
    transaction: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), outputIndex: z.number().int().min(0).max(1_000_000) }).optional(),
  }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ProviderWebhooks = {
  /** The secrets a webhook signature may be made with; the first one signs the sandbox's own. */
  verificationSecrets(): Promise<string[]>;
  receiveWebhook(request: { provider: string; rawBody: string; signature: string | undefined }): Promise<WebhookReceipt>;
};

export function createProviderWebhooks(dependencies: {
  db: AppDatabase;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  secrets: SecretStore;
  /** Resolved on first use: the settlement needs the sandbox, whose transport needs these webhooks. */
  deposits: () => DepositSettlement;
}): ProviderWebhooks {
  const { db, config, logger, now, secrets } = dependencies;

  async function verificationSecrets(): Promise<string[]> {
    return config.payment.webhookSecrets.length > 0 ? config.payment.webhookSecrets : [await secrets.get(GENERATED_WEBHOOK_SECRET)];
  }

async function receiveWebhook({ provider, rawBody, signature }: { provider: string; rawBody: string; signature: string | undefined }): Promise<WebhookReceipt> {
    if (provider !== SANDBOX_PROVIDER || !config.payment.sandboxEnabled) throw notFound("Unknown payment provider.");
    const check = verifyWebhookSignature(rawBody, signature, await verificationSecrets(), now());
    if (!check.ok) {
      logger.warn({ provider, failure: check.failure }, "payment webhook refused");
      throw new AppError("UNAUTHORIZED", check.failure === "outside-tolerance" ? "The webhook timestamp is too old or in the future." : "The webhook signature is not valid.");
    }
    let payload: z.infer<typeof WebhookPayloadSchema>;
    try {
      payload = WebhookPayloadSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new AppError("BAD_REQUEST", "The webhook body is not a payment event.");
    }
    const { data } = payload;
    return withLedgerRetry(() =>
      db.transaction(async (tx) => {
        // Recorded in the same transaction as its effect: a crash before commit leaves neither,
        // and the provider's retry finds nothing recorded and does all of it.
        const [event] = await tx
          .insert(paymentWebhookEvents)
          .values({ provider, providerEventId: payload.id, providerPaymentId: data.paymentId, rawBody, receivedAt: now(), processedAt: now() })
          .onConflictDoNothing()
          .returning({ id: paymentWebhookEvents.id });
        if (!event) return { received: true, duplicate: true, ignored: false } as const;
        const row = UUID.test(data.merchantReference) ? await lockInvoice(tx, data.merchantReference) : null;
        if (!row || row.provider !== provider) {
          logger.warn({ provider, eventId: payload.id, merchantReference: data.merchantReference }, "payment webhook for an unknown invoice");
          return { received: true, duplicate: false, ignored: true } as const;
        }
        const applied = await dependencies.deposits().applyProviderAnswer(tx, row, {
          status: data.status,
          failureReason: data.failureReason,
          providerPaymentId: data.paymentId,
          amount: data.amount,
          currency: data.currency,
          transaction: data.transaction,
        });
        if (!applied) logger.error({ provider, eventId: payload.id, invoiceId: row.id }, "payment webhook does not match its invoice (payment id, amount or currency)");
        return { received: true, duplicate: false, ignored: applied === null } as const;
      }),
    );
  }

  return { verificationSecrets, receiveWebhook };
}
