import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import type { RegisteredPlayer } from "../player/player-test-helpers.ts";
import { createPaymentService, type PaymentFaultHooks, type PaymentService } from "./payment.service.ts";
import { ledgerTransactions } from "../ledger/ledger.schema.ts";
import { paymentInvoices, paymentWebhookEvents } from "./payment.schema.ts";
import { accountOf, authorized, CARD_FIELDS, createInvoice, insertPlayer, jsonBody, newPlayer, OLD_WEBHOOK_SECRET, startPaymentServer, WEBHOOK_SECRET } from "./payment-test-kit.ts";
import { signWebhook, WEBHOOK_TOLERANCE_SECONDS } from "../../lib/webhook-signature.ts";
import { rowsOf } from "../../db/sql-rows.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startPaymentServer();
  // The sandbox's background retries would race the assertions below; here every delivery is
  // made by the test itself.
  await server.app.services.payments.stop();
});

afterAll(async () => {
  await server?.close();
});

/** A pending redirect deposit (the provider waits for the player) and its provider payment id. */
async function pendingDeposit(player: RegisteredPlayer, amount = "50") {
  const response = await createInvoice(server, player, "deposit", { amount, currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } });
  const invoice = (await readJson(response)).data as { id: string; status: number; amount: string };
  const [row] = await server.database.db.select({ providerPaymentId: paymentInvoices.providerPaymentId }).from(paymentInvoices).where(eq(paymentInvoices.id, invoice.id));
  return { invoice, paymentId: row!.providerPaymentId! };
}

function webhookBody(deposit: { invoice: { id: string; amount: string }; paymentId: string }, overrides: { eventId?: string; status?: string; amount?: string } = {}): string {
  const status = overrides.status ?? "succeeded";
  return JSON.stringify({
    id: overrides.eventId ?? `evt_${randomUUID()}`,
    type: `payment.${status}`,
    createdAt: new Date().toISOString(),
    data: {
      paymentId: deposit.paymentId,
      merchantReference: deposit.invoice.id,
      amount: overrides.amount ?? deposit.invoice.amount,
      currency: "EUR",
      status,
      failureReason: status === "succeeded" ? null : "declined",
    },
  });
}

function postWebhook(rawBody: string, signature: string | undefined, provider = "sandbox"): Promise<Response> {
  return server.request(`/api/payment/webhooks/${provider}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "playfair-signature": signature } : {}) },
    body: rawBody,
  });
}

async function eventCount(paymentId: string): Promise<number> {
  const rows = await server.database.db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.providerPaymentId, paymentId));
  return rows.length;
}

describe("webhook signatures (S8)", () => {
  it("refuses missing, wrong, tampered, old and future signatures before parsing, and changes nothing", async () => {
    const player = await newPlayer(server);
    const deposit = await pendingDeposit(player);
    const body = webhookBody(deposit);
    const now = new Date();
    const refused = [
      await postWebhook(body, undefined),
      await postWebhook(body, signWebhook(body, ["not-our-secret"], now)),
      await postWebhook(body.replace('"50.00"', '"5000.00"'), signWebhook(body, [WEBHOOK_SECRET], now)),
      await postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date(now.getTime() - (WEBHOOK_TOLERANCE_SECONDS + 5) * 1000))),
      await postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date(now.getTime() + (WEBHOOK_TOLERANCE_SECONDS + 5) * 1000))),
      await postWebhook(body, "t=abc,v1=00"),
      // Not JSON at all, but unsigned: refused for the signature, never parsed.
      await postWebhook("{not json", undefined),
    ];
    expect(refused.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect((await readJson(refused[3]!)).message).toMatch(/too old/);
    expect(await eventCount(deposit.paymentId)).toBe(0);
    expect((await accountOf(server, player)).cash).toBe("0");
  });

  it("accepts a signature made with the previous secret during a rotation", async () => {
    const player = await newPlayer(server);
    const deposit = await pendingDeposit(player);
    const body = webhookBody(deposit);
    const response = await postWebhook(body, signWebhook(body, [OLD_WEBHOOK_SECRET], new Date()));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ received: true, duplicate: false, ignored: false });
    expect((await accountOf(server, player)).cash).toBe("50.00");
  });

  it("takes a signed body as the provider formats it, line breaks and indentation included", async () => {
    const player = await newPlayer(server);
    const deposit = await pendingDeposit(player);
    const body = JSON.stringify(JSON.parse(webhookBody(deposit)), null, "\t");
    expect(body).toContain("\n\t");
    const response = await postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date()));
    expect(response.status).toBe(200);
    expect((await accountOf(server, player)).cash).toBe("50.00");
  });

  it("answers 400 to a signed body that is not a payment event, and 404 to an unknown provider", async () => {
    const garbage = "{not json";
    expect((await postWebhook(garbage, signWebhook(garbage, [WEBHOOK_SECRET], new Date()))).status).toBe(400);
    const other = JSON.stringify({ hello: "world" });
    expect((await postWebhook(other, signWebhook(other, [WEBHOOK_SECRET], new Date()))).status).toBe(400);
    expect((await postWebhook(other, signWebhook(other, [WEBHOOK_SECRET], new Date()), "acme")).status).toBe(404);
  });
});

describe("webhook idempotency", () => {
  it("the same webhook delivered 10 times, some at once, credits once", async () => {
    const player = await newPlayer(server);
    const deposit = await pendingDeposit(player, "75");
    const body = webhookBody(deposit, { eventId: `evt_${randomUUID()}` });
    const deliver = () => postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date()));
    const concurrent = await Promise.all(Array.from({ length: 6 }, deliver));
    const sequential: Response[] = [];
    for (let attempt = 0; attempt < 4; attempt++) sequential.push(await deliver());
    const receipts = await Promise.all([...concurrent, ...sequential].map((response) => readJson(response)));
    expect([...concurrent, ...sequential].every((response) => response.status === 200)).toBe(true);
    expect(receipts.filter((receipt) => !receipt.duplicate)).toHaveLength(1);
    expect(await eventCount(deposit.paymentId)).toBe(1);
    expect((await accountOf(server, player)).cash).toBe("75.00");
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("another event for an already settled payment changes nothing; a mismatching one is ignored", async () => {
    const player = await newPlayer(server);
    const deposit = await pendingDeposit(player, "20");
    for (const overrides of [{}, {}, { status: "failed" }]) {
      const body = webhookBody(deposit, overrides);
      expect((await postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date()))).status).toBe(200);
    }
    expect((await accountOf(server, player)).cash).toBe("20.00");
    expect((await readJson(await server.request("/api/payment/invoices", { headers: { authorization: `Bearer ${player.accessToken}` } }))).data[0]).toMatchObject({ status: 2, depositNumber: 1 });

    const other = await pendingDeposit(player, "30");
    const wrongAmount = webhookBody(other, { amount: "3000.00" });
    const receipt = await readJson(await postWebhook(wrongAmount, signWebhook(wrongAmount, [WEBHOOK_SECRET], new Date())));
    expect(receipt).toEqual({ received: true, duplicate: false, ignored: true });
    expect((await accountOf(server, player)).cash).toBe("20.00");
  });
});

describe("deposit numbers", () => {
  it("numbers one player's deposits 1..n when their confirmations arrive at once", async () => {
    const player = await newPlayer(server);
    const deposits = [];
    for (let index = 0; index < 6; index++) deposits.push(await pendingDeposit(player, "10"));
    const receipts = await Promise.all(
      deposits.map((deposit) => {
        const body = webhookBody(deposit);
        return postWebhook(body, signWebhook(body, [WEBHOOK_SECRET], new Date()));
      }),
    );
    expect(receipts.map((receipt) => receipt.status)).toEqual(Array(6).fill(200));
    const rows = await server.database.db.select({ depositNumber: paymentInvoices.depositNumber }).from(paymentInvoices).where(eq(paymentInvoices.playerId, player.playerId));
    expect(rows.map((row) => row.depositNumber).sort((left, right) => left! - right!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await accountOf(server, player)).cash).toBe("60.00");
  });
});

describe("crypto deposits", () => {
  /** A pending USDT deposit (the sandbox waits for the simulated network) and its provider payment id. */
  async function pendingCryptoDeposit(player: RegisteredPlayer, amount: string) {
    const response = await createInvoice(server, player, "deposit", { amount, currency: "USDT", methodCode: "sandbox.deposit.crypto-usdt" });
    const invoice = (await readJson(response)).data as { id: string; amount: string };
    const [row] = await server.database.db.select({ providerPaymentId: paymentInvoices.providerPaymentId }).from(paymentInvoices).where(eq(paymentInvoices.id, invoice.id));
    return { invoice, paymentId: row!.providerPaymentId! };
  }

  it("are credited under their on-chain transfer, which can never pay a second deposit (L4)", async () => {
    const player = await newPlayer(server);
    await server.request("/api/wallet/accounts", authorized(player, jsonBody("POST", { currency: "USDT" })));
    const first = await pendingCryptoDeposit(player, "40");
    const sandbox = server.app.services.payments.sandbox;
    expect(await sandbox.settle(first.paymentId, "succeeded")).not.toBeNull();
    expect(await sandbox.deliver(first.paymentId)).toBe(true);
    expect((await accountOf(server, player, "USDT")).cash).toBe("40.000000");
    const transfer = (await sandbox.find(first.paymentId))?.details as { transaction: { hash: string; outputIndex: number } };
    expect(transfer.transaction.hash).toMatch(/^[0-9a-f]{64}$/);
    const [credit] = await server.database.db
      .select({ metadata: ledgerTransactions.metadata })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `crypto:USDT:${transfer.transaction.hash}:${transfer.transaction.outputIndex}`));
    expect(credit?.metadata).toMatchObject({ invoiceId: first.invoice.id, transactionHash: transfer.transaction.hash });

    // A report that the same output paid another deposit of the same amount is refused.
    const second = await pendingCryptoDeposit(player, "40");
    const reused = JSON.stringify({
      ...JSON.parse(webhookBody(second)),
      data: { ...JSON.parse(webhookBody(second)).data, currency: "USDT", amount: "40.000000", transaction: transfer.transaction },
    });
    expect(await readJson(await postWebhook(reused, signWebhook(reused, [WEBHOOK_SECRET], new Date())))).toEqual({ received: true, duplicate: false, ignored: true });
    expect((await accountOf(server, player, "USDT")).cash).toBe("40.000000");
    expect(await invoiceStatus(second.invoice.id)).toBe(1);
    // Its own transfer pays it.
    await sandbox.settle(second.paymentId, "succeeded");
    expect(await sandbox.deliver(second.paymentId)).toBe(true);
    expect((await accountOf(server, player, "USDT")).cash).toBe("80.000000");
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});

async function invoiceStatus(invoiceId: string): Promise<number | undefined> {
  const [row] = await server.database.db.select({ status: paymentInvoices.status }).from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
  return row?.status;
}

describe("crash between the provider callback and the ledger write", () => {
  /** A second payment service on the same database whose ledger step can be made to fail. */
  function faultyService(faults: PaymentFaultHooks): PaymentService {
    const { secrets, ledger, wallet, limits, realtime, settings } = server.app.services;
    return createPaymentService({
      db: server.database.db,
      config: server.config,
      logger: server.app.log,
      now: () => new Date(),
      secrets,
      ledger,
      wallet,
      limits,
      realtime,
      settings,
      faults,
    });
  }

  async function invoiceState(invoiceId: string) {
    const [row] = await server.database.db
      .select({ status: paymentInvoices.status, providerPaymentId: paymentInvoices.providerPaymentId })
      .from(paymentInvoices)
      .where(eq(paymentInvoices.id, invoiceId));
    return row;
  }

  async function cashOf(walletAccountId: string): Promise<string> {
    const balances = await server.app.services.ledger.balances(server.database.db, [walletAccountId]);
    return balances.get(walletAccountId)!.cash;
  }

  it("leaves no partial state, and the provider's retry completes the deposit once", async () => {
    let crashes = 2;
    const service = faultyService({
      beforeLedgerWrite({ step }) {
        if (step === "credit" && crashes > 0) {
          crashes -= 1;
          throw new Error("simulated crash before the ledger write");
        }
      },
    });
    const player = await insertPlayer(server.database);
    // 1st crash: the card's synchronous answer is being applied.
    await expect(
      service.createInvoice("deposit", { playerId: player.playerId, body: { amount: "42", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS } }),
    ).rejects.toThrow(/simulated crash/);
    const [invoice] = await server.database.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, player.playerId));
    expect(invoice).toMatchObject({ status: 1, providerPaymentId: null, depositNumber: null });
    expect(await cashOf(player.walletAccountId)).toBe("0");
    // 2nd crash: the provider's first webhook delivery; it is told 500 and keeps the event for later.
    expect(await service.sandbox.deliverDue({ ignoreSchedule: true })).toBe(0);
    expect(await invoiceState(invoice!.id)).toMatchObject({ status: 1, providerPaymentId: null });
    const payment = await service.sandbox.findByReference(invoice!.id);
    expect(payment?.details).toMatchObject({ webhook: { state: "pending", attempts: 1, lastStatus: 500 } });
    expect(await eventCount(payment!.id)).toBe(0);
    expect(await cashOf(player.walletAccountId)).toBe("0");
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
    // The retry goes through: credited once, and nothing is left to deliver.
    expect(await service.sandbox.deliverDue({ ignoreSchedule: true })).toBe(1);
    expect(await invoiceState(invoice!.id)).toMatchObject({ status: 2, providerPaymentId: payment!.id });
    expect(await cashOf(player.walletAccountId)).toBe("42.00");
    expect(await service.sandbox.deliverDue({ ignoreSchedule: true })).toBe(0);
    expect(await cashOf(player.walletAccountId)).toBe("42.00");
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("a payout that crashes before its ledger write stays requested with the money held, and completes on retry", async () => {
    let crashes = 1;
    const service = faultyService({
      beforeLedgerWrite({ step }) {
        if (step === "payout" && crashes-- > 0) throw new Error("simulated crash before the payout posting");
      },
    });
    const player = await insertPlayer(server.database);
    await service.createInvoice("deposit", { playerId: player.playerId, body: { amount: "60", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS } });
    const { invoice } = await service.createInvoice("withdrawal", {
      playerId: player.playerId,
      body: { amount: "25", currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } },
    });
    await expect(service.completeWithdrawal(invoice.id, { operator: "test" })).rejects.toThrow(/simulated crash/);
    expect((await invoiceState(invoice.id))?.status).toBe(1);
    const held = await server.app.services.ledger.balances(server.database.db, [player.walletAccountId]);
    expect(held.get(player.walletAccountId)).toMatchObject({ cash: "35.00", "withdrawal-hold": "25.00" });
    expect((await service.completeWithdrawal(invoice.id, { operator: "test" })).status).toBe(2);
    const paid = await server.app.services.ledger.balances(server.database.db, [player.walletAccountId]);
    expect(paid.get(player.walletAccountId)).toMatchObject({ cash: "35.00", "withdrawal-hold": "0.00" });
    const clearing = await server.database.db.execute(sql`select count(*)::int as count from ledger_transactions where idempotency_key = ${`invoice:${invoice.id}:payout`}`);
    expect(rowsOf<{ count: number }>(clearing)[0]?.count).toBe(1);
  });
});
