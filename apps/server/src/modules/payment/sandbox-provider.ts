import { randomBytes } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import { toMinorUnits } from "@playfair/contracts/money";
import type { InvoiceFailureReason, InvoicePublicData } from "@playfair/contracts/payment/invoices";
import { SANDBOX_PROVIDER, SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "../../db/database.ts";
import type { CryptoNetwork, SandboxKind } from "./method-catalogue.ts";
import { sandboxPayments } from "./payment.schema.ts";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../lib/webhook-signature.ts";

// The in-house sandbox payment provider: what an outside provider does, played on this server so a
// demo deployment takes payments end to end without real money. It keeps its own books
// (sandbox_payments), answers the merchant code only through the adapter calls below, and reports
// outcomes through signed webhooks that it RETRIES with backoff until they are acknowledged with a
// 2xx, exactly as a real provider would; the merchant side is therefore written against the same
// contract an outside provider's adapter would have.

export type ProviderOutcome = "succeeded" | "failed" | "cancelled";

export type ProviderPaymentRequest = {
  /** The merchant's invoice id: at most one provider payment per reference. */
  merchantReference: string;
  kind: SandboxKind;
  methodCode: string;
  amount: string;
  currency: string;
  fields: Record<string, string>;
  crypto?: CryptoNetwork;
  /** The currency's smallest units per unit, for payment URIs in the smallest unit (wei, nanoton). */
  subunitToUnit: string;
};

export type ProviderPaymentResult = {
  providerPaymentId: string;
  status: "pending" | ProviderOutcome;
  failureReason: InvoiceFailureReason | null;
  publicData: InvoicePublicData;
};

/** The body of a sandbox webhook (JSON, signed as a whole). */
export type SandboxWebhookPayload = {
  id: string;
  type: `payment.${ProviderOutcome}`;
  createdAt: string;
  data: {
    paymentId: string;
    merchantReference: string;
    amount: string;
    currency: string;
    status: ProviderOutcome;
    failureReason: InvoiceFailureReason | null;
    /** The on-chain transfer that paid a crypto payment (its hash and output index). */
    transaction?: CryptoTransfer;
  };
};

/** One output of a blockchain transaction: what a crypto deposit is credited for, exactly once. */
export type CryptoTransfer = { hash: string; outputIndex: number };

/** Sends one webhook to the merchant; answers the HTTP status the merchant returned. */
export type WebhookTransport = (request: { provider: string; rawBody: string; headers: Record<string, string> }) => Promise<number>;

type WebhookState = { eventId: string; state: "pending" | "delivered"; attempts: number; nextAttemptAt: string; deliveredAt?: string; lastStatus?: number };

type SandboxDetails = {
  methodCode?: string;
  publicData?: InvoicePublicData;
  failureReason?: InvoiceFailureReason | null;
  cardLast4?: string;
  transaction?: CryptoTransfer;
  webhook?: WebhookState;
};

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** Where a sandbox payment's page lives (3-D Secure step and redirect methods); same origin as the API. */
export const SANDBOX_CHECKOUT_PATH = "/api/payment/sandbox/checkout";

const STATUS_AWAITING = "awaiting-confirmation";
const MAX_BACKOFF_SECONDS = 300;
const DELIVERY_BATCH = 50;
const LOOP_INTERVAL_MS = 1000;
/** A payment nobody completed (abandoned page, crypto never sent) fails as expired after this. */
const SANDBOX_PAYMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Seconds before attempt n+1 after n failed ones: 1, 2, 4, ... capped at five minutes. */
function webhookBackoffSeconds(failedAttempts: number): number {
  return Math.min(2 ** Math.max(failedAttempts - 1, 0), MAX_BACKOFF_SECONDS);
}

function randomFrom(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let text = "";
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return text;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A deposit address in the network's usual format (the sandbox's, not spendable). */
function depositAddress(network: string): string {
  switch (network) {
    case "bitcoin":
      return `bc1q${randomFrom(BECH32, 38)}`;
    case "ethereum":
      return `0x${randomBytes(20).toString("hex")}`;
    case "tron":
      return `T${randomFrom(BASE58, 33)}`;
    default:
      return `UQ${randomFrom(BASE64URL, 46)}`;
  }
}

/** The payment URI a wallet app scans: the client renders it as the QR code. */
function paymentUri(crypto: CryptoNetwork, address: string, amount: string, subunitToUnit: string): string {
  switch (crypto.uriScheme) {
    case "ethereum":
      return `ethereum:${address}?value=${toMinorUnits(amount, subunitToUnit)}`;
    case "ton":
      return `ton://transfer/${address}?amount=${toMinorUnits(amount, subunitToUnit)}`;
    default:
      return `${crypto.uriScheme}:${address}?amount=${amount}`;
  }
}

function cardOutcome(cardNumber: string | undefined): { status: "pending" | "succeeded" | "failed"; failureReason: InvoiceFailureReason | null } {
  if (cardNumber === SANDBOX_TEST_CARDS.success) return { status: "succeeded", failureReason: null };
  if (cardNumber === SANDBOX_TEST_CARDS.threeDSecure) return { status: "pending", failureReason: null };
  return { status: "failed", failureReason: "declined" };
}

export type SandboxProvider = {
  readonly name: string;
  /** Starts (or, for a reference seen before, returns) the provider payment of an invoice. */
  createPayment(request: ProviderPaymentRequest): Promise<ProviderPaymentResult>;
  find(paymentId: string): Promise<SandboxPaymentRow | null>;
  /** The payment of a merchant reference (the invoice id), or null. */
  findByReference(merchantReference: string): Promise<SandboxPaymentRow | null>;
  /** What the provider knows of a merchant reference: a status query, as providers offer. */
  lookup(merchantReference: string): Promise<ProviderPaymentResult | null>;
  /**
   * Settles a payment that waits for the player or the network (3-D Secure, redirect page, crypto
   * confirmation, cash agent) and queues its webhook. Null when it was not waiting any more.
   */
  settle(paymentId: string, outcome: ProviderOutcome, failureReason?: InvoiceFailureReason): Promise<SandboxPaymentRow | null>;
  /** One delivery attempt of the payment's pending webhook now; true when acknowledged. */
  deliver(paymentId: string): Promise<boolean>;
  /** Delivers every pending webhook that is due (all of them with `ignoreSchedule`). */
  deliverDue(options?: { ignoreSchedule?: boolean }): Promise<number>;
  /** Confirms crypto payments older than the configured delay (0: never). */
  confirmDueCrypto(): Promise<number>;
  /** Fails (expired) the payments that waited longer than SANDBOX_PAYMENT_LIFETIME_MS. */
  expireStale(): Promise<number>;
  setTransport(transport: WebhookTransport): void;
  start(): void;
  stop(): Promise<void>;
};

export function createSandboxProvider(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** The secret webhooks are signed with. */
  signingSecret: () => Promise<string>;
  transport: WebhookTransport;
  cryptoConfirmSeconds: number;
}): SandboxProvider {
  const { db, logger, now } = dependencies;
  let transport = dependencies.transport;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function detailsOf(row: SandboxPaymentRow): SandboxDetails {
    return row.details as SandboxDetails;
  }

  function resultOf(row: SandboxPaymentRow): ProviderPaymentResult {
    const details = detailsOf(row);
    const status = row.status === "succeeded" || row.status === "failed" || row.status === "cancelled" ? row.status : "pending";
    return { providerPaymentId: row.id, status, failureReason: details.failureReason ?? null, publicData: details.publicData ?? {} };
  }

  function queuedWebhook(): WebhookState {
    return { eventId: `evt_${randomFrom(BASE58, 24)}`, state: "pending", attempts: 0, nextAttemptAt: now().toISOString() };
  }

  async function find(paymentId: string): Promise<SandboxPaymentRow | null> {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    return row ?? null;
  }

  async function deliverRow(row: SandboxPaymentRow): Promise<boolean> {
    const details = detailsOf(row);
    const webhook = details.webhook;
    if (!webhook || webhook.state !== "pending") return false;
    if (row.status !== "succeeded" && row.status !== "failed" && row.status !== "cancelled") return false;
    const payload: SandboxWebhookPayload = {
      id: webhook.eventId,
      type: `payment.${row.status}`,
      createdAt: now().toISOString(),
      data: {
        paymentId: row.id,
        merchantReference: row.merchantReference,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        failureReason: details.failureReason ?? null,
        ...(details.transaction ? { transaction: details.transaction } : {}),
      },
    };
    const rawBody = JSON.stringify(payload);
    let status = 0;
    try {
      const signature = signWebhook(rawBody, [await dependencies.signingSecret()], now());
      status = await transport({ provider: SANDBOX_PROVIDER, rawBody, headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signature } });
    } catch (error) {
      logger.warn({ err: error, paymentId: row.id }, "sandbox webhook delivery failed");
    }
    const delivered = status >= 200 && status < 300;
    const attempts = webhook.attempts + 1;
    const next: WebhookState = delivered
      ? { ...webhook, state: "delivered", attempts, deliveredAt: now().toISOString(), lastStatus: status }
      : { ...webhook, attempts, lastStatus: status, nextAttemptAt: new Date(now().getTime() + webhookBackoffSeconds(attempts) * 1000).toISOString() };
    // Only this event's pending state is replaced: a concurrent delivery of the same event may
    // already have recorded the acknowledgement, which must not be undone.
    await db
      .update(sandboxPayments)
      .set({ details: { ...details, webhook: next }, updatedAt: now() })
      .where(and(eq(sandboxPayments.id, row.id), sql`${sandboxPayments.details}->'webhook'->>'state' = 'pending'`));
    if (!delivered) logger.info({ paymentId: row.id, status, attempts }, "sandbox webhook not acknowledged; will retry");
    return delivered;
  }

  async function settle(paymentId: string, outcome: ProviderOutcome, reason?: InvoiceFailureReason): Promise<SandboxPaymentRow | null> {
    const row = await find(paymentId);
    if (!row || row.status !== STATUS_AWAITING) return null;
    const details = detailsOf(row);
    const failureReason: InvoiceFailureReason | null = outcome === "succeeded" ? null : (reason ?? (outcome === "cancelled" ? "cancelled" : "declined"));
    // The simulated network pays a crypto address with one output of a new transaction.
    const transaction: CryptoTransfer | undefined = row.kind === "crypto" && outcome === "succeeded" ? { hash: randomBytes(32).toString("hex"), outputIndex: 0 } : undefined;
    const [updated] = await db
      .update(sandboxPayments)
      .set({ status: outcome, details: { ...details, failureReason, ...(transaction ? { transaction } : {}), webhook: queuedWebhook() }, updatedAt: now() })
      .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, STATUS_AWAITING)))
      .returning();
    return updated ?? null;
  }

  async function runLoop(): Promise<void> {
    await provider.confirmDueCrypto();
    await provider.expireStale();
    await provider.deliverDue();
  }

  const provider: SandboxProvider = {
    name: SANDBOX_PROVIDER,

    async createPayment(request) {
      const [existing] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, request.merchantReference));
      if (existing) return resultOf(existing);
      const id = `sbx_${randomFrom(BASE58, 24)}`;
      let status: string = STATUS_AWAITING;
      let failureReason: InvoiceFailureReason | null = null;
      let publicData: InvoicePublicData = {};
      const details: SandboxDetails = { methodCode: request.methodCode };
      switch (request.kind) {
        case "card": {
          const outcome = cardOutcome(request.fields.cardNumber);
          details.cardLast4 = request.fields.cardNumber?.slice(-4) ?? "";
          if (outcome.status === "pending") {
            publicData = { confirmUrl: `${SANDBOX_CHECKOUT_PATH}/${id}` };
          } else {
            status = outcome.status;
            failureReason = outcome.failureReason;
          }
          break;
        }
        case "crypto": {
          const crypto = request.crypto ?? { network: "bitcoin", uriScheme: "bitcoin" };
          const address = depositAddress(crypto.network);
          publicData = { address, network: crypto.network, qr: paymentUri(crypto, address, request.amount, request.subunitToUnit) };
          break;
        }
        case "redirect":
          publicData = { redirectUrl: `${SANDBOX_CHECKOUT_PATH}/${id}` };
          break;
        case "cash-agent":
          publicData = { reference: `CA-${randomFrom("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 8)}` };
          break;
      }
      if (status === STATUS_AWAITING) {
        publicData = { ...publicData, expiresAt: new Date(now().getTime() + SANDBOX_PAYMENT_LIFETIME_MS).toISOString() };
      }
      details.publicData = publicData;
      details.failureReason = failureReason;
      // A payment decided at once still reports by webhook, as real providers do; the merchant
      // side has already applied it and acknowledges the duplicate.
      if (status !== STATUS_AWAITING) details.webhook = queuedWebhook();
      await db
        .insert(sandboxPayments)
        .values({
          id,
          merchantReference: request.merchantReference,
          kind: request.kind,
          direction: "deposit",
          status,
          currency: request.currency,
          amount: request.amount,
          details,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing();
      // Two concurrent requests for one reference: the first insert wins and both answer it.
      const [stored] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, request.merchantReference));
      if (!stored) throw new Error(`sandbox payment for ${request.merchantReference} was not stored`);
      return resultOf(stored);
    },

    find,
    settle,

    async findByReference(merchantReference) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantReference, merchantReference));
      return row ?? null;
    },

    async lookup(merchantReference) {
      const row = await provider.findByReference(merchantReference);
      return row ? resultOf(row) : null;
    },

    async deliver(paymentId) {
      const row = await find(paymentId);
      return row ? deliverRow(row) : false;
    },

    async deliverDue(options = {}) {
      const conditions = [sql`${sandboxPayments.details}->'webhook'->>'state' = 'pending'`];
      if (!options.ignoreSchedule) conditions.push(sql`${sandboxPayments.details}->'webhook'->>'nextAttemptAt' <= ${now().toISOString()}`);
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(and(...conditions))
        .orderBy(sandboxPayments.updatedAt)
        .limit(DELIVERY_BATCH);
      let delivered = 0;
      for (const row of rows) if (await deliverRow(row)) delivered += 1;
      return delivered;
    },

    async confirmDueCrypto() {
      if (dependencies.cryptoConfirmSeconds <= 0) return 0;
      const cutoff = new Date(now().getTime() - dependencies.cryptoConfirmSeconds * 1000);
      const rows = await db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.kind, "crypto"), eq(sandboxPayments.status, STATUS_AWAITING), lte(sandboxPayments.createdAt, cutoff)))
        .limit(DELIVERY_BATCH);
      let confirmed = 0;
      for (const row of rows) {
        if (await settle(row.id, "succeeded")) {
          confirmed += 1;
          await provider.deliver(row.id);
        }
      }
      return confirmed;
    },

    async expireStale() {
      const cutoff = new Date(now().getTime() - SANDBOX_PAYMENT_LIFETIME_MS);
      const rows = await db
        .select({ id: sandboxPayments.id })
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.status, STATUS_AWAITING), lte(sandboxPayments.createdAt, cutoff)))
        .limit(DELIVERY_BATCH);
      let expired = 0;
      for (const row of rows) {
        if (await settle(row.id, "failed", "expired")) {
          expired += 1;
          await provider.deliver(row.id);
        }
      }
      return expired;
    },

    setTransport(next) {
      transport = next;
    },

    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runLoop()
          .catch((error: unknown) => logger.warn({ err: error }, "sandbox provider loop failed"))
          .finally(() => {
            running = undefined;
          });
      }, LOOP_INTERVAL_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return provider;
}
