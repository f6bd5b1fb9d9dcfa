import { eq } from "drizzle-orm";
import { compareAmounts } from "@playfair/contracts/money";
import { InvoiceResponseSchema, type Invoice } from "@playfair/contracts/payment/invoices";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import { movableClock } from "../player/player-test-helpers.ts";
import type { RegisteredPlayer } from "../player/player-test-helpers.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { paymentInvoices } from "./payment.schema.ts";
import { accountOf, authorized, CARD_FIELDS, cardDeposit, createInvoice, jsonBody, newPlayer, startPaymentServer } from "./payment-test-kit.ts";

// Pending deposits end: the player cancels one (the invoice decline), or it expires after the time
// its way of paying allows. Either way its reservation against the deposit limit ends, the
// provider can no longer take the money, and a payment the provider took first still wins.

const clock = movableClock(new Date("2026-03-02T09:00:00Z"));
let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startPaymentServer({ now: clock.now });
  // The background loops would act on the moved clock behind the assertions; the tests call them.
  await server.app.services.payments.stop();
});

afterAll(async () => {
  await server?.close();
});

const payments = () => server.app.services.payments;

async function pendingCardDeposit(player: RegisteredPlayer, amount: string): Promise<Invoice> {
  const response = await createInvoice(server, player, "deposit", { amount, currency: "EUR", methodCode: "sandbox.deposit.card", fields: { ...CARD_FIELDS, cardNumber: SANDBOX_TEST_CARDS.threeDSecure } });
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  const invoice = InvoiceResponseSchema.parse(body).data;
  expect(invoice.status).toBe(1);
  return invoice;
}

async function providerPaymentOf(invoiceId: string): Promise<string> {
  const [row] = await server.database.db.select({ paymentId: paymentInvoices.providerPaymentId }).from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
  return row!.paymentId!;
}

async function invoiceRow(invoiceId: string) {
  const [row] = await server.database.db.select().from(paymentInvoices).where(eq(paymentInvoices.id, invoiceId));
  return row!;
}

function decline(player: RegisteredPlayer, invoiceId: string): Promise<Response> {
  return server.request(`/api/payment/invoices/${invoiceId}/decline`, authorized(player, { method: "PUT" }));
}

async function publishedStatuses(playerId: string, invoiceId: string): Promise<number[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, `payment:invoices#${playerId}`)).orderBy(realtimeOutbox.id);
  return rows.map((row) => row.data as { invoice: { id: string; status: number } }).filter((event) => event.invoice.id === invoiceId).map((event) => event.invoice.status);
}

/** Read through the services: the moved clock outlives the player's 15-minute access token. */
async function cashOf(invoiceId: string): Promise<string | undefined> {
  const { walletAccountId } = await invoiceRow(invoiceId);
  return (await server.app.services.ledger.balances(server.database.db, [walletAccountId])).get(walletAccountId)?.cash;
}

async function dailyDepositLimit(player: RegisteredPlayer) {
  const limits = await server.app.services.limits.list(player.playerId);
  return limits.find((limit) => limit.definition === 3 && limit.period === 1)!;
}

describe("the player cancels a pending deposit", () => {
  it("ends it as cancelled (4), frees its reservation, and the bank page can no longer pay it", async () => {
    const player = await newPlayer(server, "EUR");
    const limit = await server.request("/api/player/limits", authorized(player, jsonBody("POST", { definition: 3, period: 1, amount: "180", currency: "EUR" })));
    expect(limit.status).toBe(201);
    await cardDeposit(server, player, "30");
    const pending = await pendingCardDeposit(player, "100");
    expect(await dailyDepositLimit(player)).toMatchObject({ used: "130.00", reserved: "100.00" });
    // More than the room left is refused while the pending deposit holds its share.
    expect((await createInvoice(server, player, "deposit", { amount: "60", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS })).status).toBe(422);

    const cancelled = await decline(player, pending.id);
    expect(cancelled.status).toBe(200);
    expect(InvoiceResponseSchema.parse(await readJson(cancelled)).data).toMatchObject({ id: pending.id, status: 4, failureReason: "playerDeclined" });
    expect(await dailyDepositLimit(player)).toMatchObject({ used: "30.00", reserved: "0.00" });
    expect(await publishedStatuses(player.playerId, pending.id)).toEqual([1, 4]);

    // The same decline again answers the same; the bank's page cannot pay it any more.
    expect(InvoiceResponseSchema.parse(await readJson(await decline(player, pending.id))).data.status).toBe(4);
    expect((await payments().settleSandboxPayment(await providerPaymentOf(pending.id), "succeeded")).settled).toBe(false);
    // The provider's own report of the cancellation arrives and changes nothing.
    expect(await payments().sandbox.deliverDue({ ignoreSchedule: true })).toBeGreaterThanOrEqual(1);
    expect(await invoiceRow(pending.id)).toMatchObject({ status: 4, failureReason: "playerDeclined" });
    expect(await publishedStatuses(player.playerId, pending.id)).toEqual([1, 4]);
    expect((await accountOf(server, player)).cash).toBe("30.00");
    expect((await createInvoice(server, player, "deposit", { amount: "150", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS })).status).toBe(201);
  });

  it("answers 409 for a deposit that was paid first, and 404 for another player's", async () => {
    const player = await newPlayer(server, "EUR");
    const stranger = await newPlayer(server, "EUR");
    const paid = await cardDeposit(server, player, "25");
    const late = await decline(player, paid.id);
    expect(late.status).toBe(409);
    expect((await readJson(late)).message).toBe("This deposit has already been paid.");
    const pending = await pendingCardDeposit(player, "40");
    expect((await decline(stranger, pending.id)).status).toBe(404);
    expect((await invoiceRow(pending.id)).status).toBe(1);
  });

  it("a decline racing the bank's confirmation: one wins each time, the money moves at most once", async () => {
    const player = await newPlayer(server, "EUR");
    const invoices = await Promise.all(Array.from({ length: 6 }, () => pendingCardDeposit(player, "10")));
    let paid = 0;
    for (const invoice of invoices) {
      const paymentId = await providerPaymentOf(invoice.id);
      const [declined, confirmed] = await Promise.all([decline(player, invoice.id), payments().settleSandboxPayment(paymentId, "succeeded")]);
      const row = await invoiceRow(invoice.id);
      if (row.status === 2) {
        paid += 1;
        expect(declined.status).toBe(409);
        expect(confirmed.settled).toBe(true);
      } else {
        expect(row).toMatchObject({ status: 4, failureReason: "playerDeclined" });
        expect(declined.status).toBe(200);
        expect(confirmed.settled).toBe(false);
      }
    }
    await payments().sandbox.deliverDue({ ignoreSchedule: true });
    expect((await accountOf(server, player)).cash).toBe(`${paid * 10}.00`);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("five declines at once: all answer cancelled, the invoice changes once", async () => {
    const player = await newPlayer(server, "EUR");
    const pending = await pendingCardDeposit(player, "70");
    const answers = await Promise.all(Array.from({ length: 5 }, () => decline(player, pending.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await publishedStatuses(player.playerId, pending.id)).toEqual([1, 4]);
  });
});

describe("pending deposits expire after the time their way of paying allows", () => {
  it("a 3-D Secure card deposit after 30 minutes, a payment page after 60; the reservation ends with it", async () => {
    const player = await newPlayer(server, "EUR");
    expect((await server.request("/api/player/limits", authorized(player, jsonBody("POST", { definition: 3, period: 1, amount: "500", currency: "EUR" })))).status).toBe(201);
    const card = await pendingCardDeposit(player, "100");
    const page = InvoiceResponseSchema.parse(
      await readJson(await createInvoice(server, player, "deposit", { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } })),
    ).data;
    expect(card.publicData.expiresAt).toBe(new Date(clock.now().getTime() + 30 * MINUTE).toISOString());
    expect(page.publicData.expiresAt).toBe(new Date(clock.now().getTime() + 60 * MINUTE).toISOString());
    expect(await dailyDepositLimit(player)).toMatchObject({ reserved: "150.00" });

    clock.advance(29 * MINUTE);
    await payments().expireOverdueDeposits();
    expect((await invoiceRow(card.id)).status).toBe(1);
    clock.advance(2 * MINUTE);
    await payments().expireOverdueDeposits();
    expect(await invoiceRow(card.id)).toMatchObject({ status: 3, failureReason: "expired" });
    expect((await invoiceRow(page.id)).status).toBe(1);
    expect(await dailyDepositLimit(player)).toMatchObject({ used: "50.00", reserved: "50.00" });
    clock.advance(30 * MINUTE);
    await payments().expireOverdueDeposits();
    expect(await invoiceRow(page.id)).toMatchObject({ status: 3, failureReason: "expired" });
    expect(await dailyDepositLimit(player)).toMatchObject({ used: "0.00", reserved: "0.00" });
    // The bank's page of an expired payment cannot pay it any more.
    expect((await payments().settleSandboxPayment(await providerPaymentOf(card.id), "succeeded")).settled).toBe(false);
    expect(compareAmounts((await cashOf(card.id)) ?? "", "0")).toBe(0);
  });

  it("two sweeps at once end each overdue deposit once", async () => {
    const player = await newPlayer(server, "EUR");
    const invoices = await Promise.all(Array.from({ length: 4 }, () => pendingCardDeposit(player, "15")));
    clock.advance(31 * MINUTE);
    const [first, second] = await Promise.all([payments().expireOverdueDeposits(), payments().expireOverdueDeposits()]);
    expect(first + second).toBeGreaterThanOrEqual(invoices.length);
    for (const invoice of invoices) {
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 3, failureReason: "expired" });
      expect(await publishedStatuses(player.playerId, invoice.id)).toEqual([1, 3]);
    }
    expect(await payments().expireOverdueDeposits()).toBe(0);
  });

  it("a success the provider took before the sweep is credited once, however the webhook and the sweep interleave", async () => {
    const player = await newPlayer(server, "EUR");
    const early = await pendingCardDeposit(player, "20");
    const racing = await Promise.all(Array.from({ length: 4 }, () => pendingCardDeposit(player, "10")));
    clock.advance(31 * MINUTE);

    // Paid at the provider just before its time ran out; its webhook is still on the way.
    expect(await payments().sandbox.settle(await providerPaymentOf(early.id), "succeeded")).not.toBeNull();
    await Promise.all([payments().sandbox.deliver(await providerPaymentOf(early.id)), payments().expireOverdueDeposits()]);
    expect(await invoiceRow(early.id)).toMatchObject({ status: 2, depositNumber: 1 });

    // The bank's confirmations arriving at the same moment as the sweep: either may win each one.
    const paymentIds = await Promise.all(racing.map((invoice) => providerPaymentOf(invoice.id)));
    const [outcomes] = await Promise.all([Promise.all(paymentIds.map((paymentId) => payments().settleSandboxPayment(paymentId, "succeeded"))), payments().expireOverdueDeposits()]);
    await payments().expireOverdueDeposits();
    let paidLate = 0;
    for (const [index, invoice] of racing.entries()) {
      const row = await invoiceRow(invoice.id);
      if (outcomes[index]!.settled) {
        paidLate += 1;
        expect(row.status).toBe(2);
      } else {
        expect(row).toMatchObject({ status: 3, failureReason: "expired" });
      }
    }
    await payments().sandbox.deliverDue({ ignoreSchedule: true });
    expect(compareAmounts((await cashOf(early.id)) ?? "", String(20 + paidLate * 10))).toBe(0);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});
