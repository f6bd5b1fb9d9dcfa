import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { AppError } from "../../lib/app-error.ts";
import type { LimitsService } from "../limits/limits.service.ts";
import { movableClock } from "../player/player-test-helpers.ts";
import { createPaymentService, type PaymentDependencies, type PaymentService } from "./payment.service.ts";
import { paymentInvoices } from "./payment.schema.ts";
import { accountOf, authorized, CARD_FIELDS, createInvoice, insertPlayer, jsonBody, newPlayer, startPaymentServer } from "./payment-test-kit.ts";

const clock = movableClock(new Date("2026-03-01T12:00:00Z"));
let server: TestServer;

beforeAll(async () => {
  server = await startPaymentServer({ env: { PAYMENT_SANDBOX_CRYPTO_CONFIRM_SECONDS: "60" }, now: clock.now });
  // The background loops would act on the moved clock behind the assertions; the tests call them.
  await server.app.services.payments.stop();
});

afterAll(async () => {
  await server?.close();
});

function serviceWith(overrides: Partial<PaymentDependencies>): PaymentService {
  const { secrets, ledger, wallet, limits, realtime, settings } = server.app.services;
  return createPaymentService({
    db: server.database.db,
    config: server.config,
    logger: server.app.log,
    now: clock.now,
    secrets,
    ledger,
    wallet,
    limits,
    realtime,
    settings,
    ...overrides,
  });
}

async function invoicesOf(playerId: string) {
  return server.database.db.select().from(paymentInvoices).where(eq(paymentInvoices.playerId, playerId));
}

describe("sandbox crypto confirmation delay", () => {
  it("confirms a crypto deposit by itself once the configured delay has passed", async () => {
    const player = await newPlayer(server, "EUR");
    await server.request("/api/wallet/accounts", authorized(player, jsonBody("POST", { currency: "USDT" })));
    const invoice = (await readJson(await createInvoice(server, player, "deposit", { amount: "25", currency: "USDT", methodCode: "sandbox.deposit.crypto-usdt" }))).data;
    expect(invoice.publicData.qr).toBe(`tron:${invoice.publicData.address}?amount=25.000000`);
    expect(await server.app.services.payments.sandbox.confirmDueCrypto()).toBe(0);
    clock.advance(61_000);
    expect(await server.app.services.payments.sandbox.confirmDueCrypto()).toBe(1);
    expect((await accountOf(server, player, "USDT")).cash).toBe("25.000000");
  });
});

describe("abandoned payments", () => {
  it("a payment nobody completes expires at the provider after a day and frees its amount", async () => {
    const player = await newPlayer(server, "EUR");
    const invoice = (await readJson(await createInvoice(server, player, "deposit", { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } })))
      .data;
    // The invoice shows its own, shorter deadline (the expiry sweep's, not called here).
    expect(invoice.publicData.expiresAt).toBe(new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString());
    clock.advance(23 * 3600 * 1000);
    expect(await server.app.services.payments.sandbox.expireStale()).toBe(0);
    clock.advance(3600 * 1000 + 1000);
    expect(await server.app.services.payments.sandbox.expireStale()).toBe(1);
    const [row] = await invoicesOf(player.playerId);
    expect(row).toMatchObject({ status: 3, failureReason: "expired" });
    const balances = await server.app.services.ledger.balances(server.database.db, [row!.walletAccountId]);
    expect(balances.get(row!.walletAccountId)?.cash).toBe("0");
  });
});

describe("deposits orphaned between their invoice and the provider call", () => {
  function crashingBeforeProvider(): PaymentService {
    return serviceWith({
      faults: {
        beforeProviderCall() {
          throw new Error("simulated crash before the provider call");
        },
      },
    });
  }

  const cardBody = { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS };

  it("a retry with the same Idempotency-Key hands the deposit to the provider and completes it", async () => {
    const player = await newPlayer(server, "EUR");
    await expect(crashingBeforeProvider().createInvoice("deposit", { playerId: player.playerId, body: cardBody, idempotencyKey: "orphan-retry" })).rejects.toThrow(/simulated crash/);
    expect(await invoicesOf(player.playerId)).toMatchObject([{ status: 1, providerPaymentId: null }]);
    const retry = await createInvoice(server, player, "deposit", cardBody, { "idempotency-key": "orphan-retry" });
    expect((await readJson(retry)).data).toMatchObject({ status: 2, depositNumber: 1 });
    expect((await accountOf(server, player)).cash).toBe("20.00");
    expect(await invoicesOf(player.playerId)).toHaveLength(1);
  });

  it("reconciliation records what the provider knows, and expires what it never received", async () => {
    const player = await insertPlayer(server.database);
    const service = crashingBeforeProvider();
    await expect(service.createInvoice("deposit", { playerId: player.playerId, body: cardBody })).rejects.toThrow(/simulated crash/);
    await expect(service.createInvoice("deposit", { playerId: player.playerId, body: { ...cardBody, amount: "30" } })).rejects.toThrow(/simulated crash/);
    const [known, unknown] = (await invoicesOf(player.playerId)).sort((left, right) => left.number - right.number);
    // The provider did receive the first one (the crash came after its answer).
    await server.app.services.payments.sandbox.createPayment({
      merchantReference: known!.id,
      kind: "card",
      methodCode: known!.methodCode,
      amount: known!.amount,
      currency: "EUR",
      fields: CARD_FIELDS,
      subunitToUnit: "100",
    });
    const payments = server.app.services.payments;
    expect(await payments.reconcileOrphanedDeposits()).toBe(0);
    clock.advance(11 * 60 * 1000);
    expect(await payments.reconcileOrphanedDeposits()).toBe(2);
    const rows = await invoicesOf(player.playerId);
    expect(rows.find((row) => row.id === known!.id)).toMatchObject({ status: 2, depositNumber: 1 });
    expect(rows.find((row) => row.id === unknown!.id)).toMatchObject({ status: 3, failureReason: "expired" });
    const balances = await server.app.services.ledger.balances(server.database.db, [player.walletAccountId]);
    expect(balances.get(player.walletAccountId)?.cash).toBe("20.00");
  });
});

describe("check points owned by other domains", () => {
  it("a reached deposit limit answers 13100 on the deposit methods; withdrawal methods stay available", async () => {
    const limits: LimitsService = {
      ...server.app.services.limits,
      isDepositLimitReached: async () => true,
    };
    const service = serviceWith({ limits });
    const player = await insertPlayer(server.database);
    const refusal = await service.methods("deposit", { playerId: player.playerId, currency: "EUR", country: null }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "DEPOSIT_LIMIT_REACHED", status: 403, reason: "13100" });
    expect((await service.methods("withdrawal", { playerId: player.playerId, currency: "EUR", country: null })).length).toBeGreaterThan(0);
  });

  it("a deposit the limits refuse writes no invoice and reaches no provider", async () => {
    const limits: LimitsService = {
      ...server.app.services.limits,
      reserveDeposit: async () => {
        throw new AppError("DEPOSIT_LIMIT_REACHED", "The deposit limit has been reached.", { reason: "13100" });
      },
    };
    const service = serviceWith({ limits });
    const player = await insertPlayer(server.database);
    await expect(service.createInvoice("deposit", { playerId: player.playerId, body: { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS } })).rejects.toMatchObject({
      code: "DEPOSIT_LIMIT_REACHED",
    });
    expect(await invoicesOf(player.playerId)).toEqual([]);
  });

  it("a KYC gate that refuses stops the withdrawal before any money is held", async () => {
    const service = serviceWith({ kycGate: async () => ({ allowed: false, reason: "kycRequired", message: "Verify your identity before withdrawing." }) });
    const player = await insertPlayer(server.database);
    await service.createInvoice("deposit", { playerId: player.playerId, body: { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS } });
    await expect(
      service.createInvoice("withdrawal", { playerId: player.playerId, body: { amount: "20", currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", reason: "kycRequired" });
    const balances = await server.app.services.ledger.balances(server.database.db, [player.walletAccountId]);
    expect(balances.get(player.walletAccountId)).toMatchObject({ cash: "20.00", "withdrawal-hold": "0" });
    expect((await invoicesOf(player.playerId)).map((row) => row.type)).toEqual([1]);
  });
});

describe("API document", () => {
  it("describes the payment and operator payout endpoints", async () => {
    const response = await server.request("/api/docs/json");
    const document = await readJson(response);
    expect(response.status, JSON.stringify(document).slice(0, 600)).toBe(200);
    for (const path of [
      "/api/payment/methods/deposit",
      "/api/payment/invoices/deposit",
      "/api/payment/invoices/withdrawal",
      "/api/payment/invoices",
      "/api/payment/invoices/statistics",
      "/api/payment/invoices/{id}/decline",
      "/api/payment/webhooks/{provider}",
      "/api/operator/withdrawals/",
      "/api/operator/withdrawals/{id}/complete",
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    expect(document.components.schemas.Invoice).toBeDefined();
    expect(document.components.schemas.PaymentMethodGroup).toBeDefined();
  });
});

describe("a production deployment", () => {
  it("has no simulated network or agent confirmations", async () => {
    const production = await startPaymentServer({ env: { DEPLOYMENT: "production", AUTH_SECRETS: "production-signing-key", PUBLIC_ORIGIN: "https://playfair.example" } });
    try {
      const response = await production.request("/api/payment/sandbox/simulate/sbx_AAAAAAAAAAAAAAAAAAAAAAAA", jsonBody("POST", {}));
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("offers no sandbox methods and takes no sandbox webhooks unless an operator turns the sandbox on", async () => {
    const productionEnv = { DEPLOYMENT: "production", AUTH_SECRETS: "production-signing-key", PUBLIC_ORIGIN: "https://playfair.example" };
    const production = await startPaymentServer({ env: productionEnv });
    try {
      const player = await newPlayer(production);
      const methods = await production.request("/api/payment/methods/deposit?currency=EUR", authorized(player));
      expect(methods.status).toBe(200);
      expect((await readJson(methods)).data).toEqual([]);
      const webhook = await production.request("/api/payment/webhooks/sandbox", jsonBody("POST", { id: "evt_x" }));
      expect(webhook.status).toBe(404);
    } finally {
      await production.close();
    }
    const enabled = await startPaymentServer({ env: { ...productionEnv, PAYMENT_SANDBOX_ENABLED: "true" } });
    try {
      const player = await newPlayer(enabled);
      const methods = await enabled.request("/api/payment/methods/deposit?currency=EUR", authorized(player));
      expect((await readJson(methods)).data.length).toBeGreaterThan(0);
    } finally {
      await enabled.close();
    }
  });
});
