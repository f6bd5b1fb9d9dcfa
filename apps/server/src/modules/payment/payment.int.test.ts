import { eq, sql } from "drizzle-orm";
import { InvoiceEventSchema, InvoiceListSchema, InvoiceResponseSchema, InvoiceStatisticsSchema } from "@playfair/contracts/payment/invoices";
import { PaymentMethodListSchema } from "@playfair/contracts/payment/methods";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { WalletAccountEventSchema } from "@playfair/contracts/wallet/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../ledger/ledger-check.ts";
import { realtimeOutbox } from "../realtime/realtime.schema.ts";
import { paymentInvoices } from "./payment.schema.ts";
import {
  accountOf,
  authorized,
  CARD_FIELDS,
  cardDeposit,
  createInvoice,
  jsonBody,
  newPlayer,
  operator,
  startPaymentServer,
} from "./payment-test-kit.ts";
import { rowsOf } from "../../db/sql-rows.ts";

let server: TestServer;

beforeAll(async () => {
  // Loopback is the trusted edge here, so the visitor-country header counts.
  server = await startPaymentServer({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
});

afterAll(async () => {
  await server?.close();
});

async function publicationsOn(channel: string): Promise<{ event: string; invoice?: { status: number }; account?: { cash: string } }[]> {
  const rows = await server.database.db.select({ data: realtimeOutbox.data }).from(realtimeOutbox).where(eq(realtimeOutbox.channel, channel)).orderBy(realtimeOutbox.id);
  return rows.map((row) => row.data as { event: string });
}

async function invoiceCount(playerId: string): Promise<number> {
  const rows = await server.database.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(eq(paymentInvoices.playerId, playerId));
  return rows.length;
}

describe("payment methods", () => {
  it("lists deposit methods in groups, cash agent first, with ranges, presets and required fields", async () => {
    const player = await newPlayer(server, "EUR");
    const response = await server.request("/api/payment/methods/deposit?currency=EUR&country=DE", authorized(player));
    expect(response.status).toBe(200);
    const { data } = PaymentMethodListSchema.parse(await readJson(response));
    expect(data[0]?.code).toBe("cash-agent");
    expect(data[0]?.paymentMethods[0]).toMatchObject({ code: "sandbox.deposit.cash-agent", isManualAgent: true, popularKey: "cashAgent", flow: "manual" });
    const methods = data.flatMap((group) => group.paymentMethods);
    const card = methods.find((method) => method.code === "sandbox.deposit.card");
    expect(card).toMatchObject({ flow: "instant", isPopular: true, popularKey: "visa", currency: "EUR" });
    expect(card?.fields.filter((field) => field.required).map((field) => field.name)).toEqual(["cardNumber", "cardExpiry", "cardCvc", "playerName"]);
    // 10 USD at 1.08 USD per EUR is 9.26 EUR: rounded up to a number people type.
    expect(card?.amount).toEqual({ min: "10.00", max: "2000.00" });
    expect(card?.presets.every((preset) => Number(preset) >= 10 && Number(preset) <= 2000)).toBe(true);
    // Sofort and SEPA are offered in Germany; PIX (BRL) and crypto (other currencies) are not.
    expect(methods.map((method) => method.kind)).toEqual(expect.arrayContaining(["sepa", "sofort", "skrill", "bank-transfer"]));
    expect(methods.map((method) => method.kind)).not.toContain("pix");
    expect(methods.some((method) => method.kind.startsWith("crypto"))).toBe(false);
  });

  it("takes the country from the query, else from the visitor header, and offers crypto for crypto accounts", async () => {
    const player = await newPlayer(server, "EUR");
    const kinds = async (query: string, country?: string) => {
      const response = await server.request(`/api/payment/methods/deposit?${query}`, authorized(player, country ? { headers: { "cf-ipcountry": country } } : {}));
      return PaymentMethodListSchema.parse(await readJson(response)).data.flatMap((group) => group.paymentMethods.map((method) => method.kind));
    };
    expect(await kinds("currency=EUR", "DE")).toContain("sofort");
    expect(await kinds("currency=EUR", "FR")).not.toContain("sofort");
    expect(await kinds("currency=EUR&country=DE", "FR")).toContain("sofort");
    expect(await kinds("currency=BRL", "BR")).toContain("pix");
    expect(await kinds("currency=BRL", "PT")).not.toContain("pix");
    const bitcoin = PaymentMethodListSchema.parse(await readJson(await server.request("/api/payment/methods/deposit?currency=BTC", authorized(player))));
    const btc = bitcoin.data.flatMap((group) => group.paymentMethods);
    expect(btc.map((method) => method.code)).toEqual(["sandbox.deposit.crypto-btc"]);
    expect(btc[0]?.amount.min).toMatch(/^0\.000\d+$/);
  });

  it("withdrawal methods are paid out by an operator and ask for payout details", async () => {
    const player = await newPlayer(server, "EUR");
    const { data } = PaymentMethodListSchema.parse(await readJson(await server.request("/api/payment/methods/withdrawal?currency=EUR&country=DE", authorized(player))));
    const methods = data.flatMap((group) => group.paymentMethods);
    expect(methods.every((method) => method.flow === "manual" && method.direction === "withdrawal")).toBe(true);
    expect(methods.find((method) => method.kind === "sepa")?.fields.map((field) => field.name)).toContain("iban");
    expect(methods.map((method) => method.kind)).not.toContain("sofort");
  });

  it("refuses unknown currencies and guests", async () => {
    const player = await newPlayer(server, "EUR");
    const unknown = await server.request("/api/payment/methods/deposit?currency=XYZ", authorized(player));
    expect(unknown.status).toBe(422);
    expect((await readJson(unknown)).errors.currency).toBeDefined();
    expect((await server.request("/api/payment/methods/deposit?currency=EUR")).status).toBe(401);
  });
});

describe("card deposits", () => {
  it("the success card credits at once, publishes the account and the invoice, and numbers the deposit", async () => {
    const player = await newPlayer(server);
    const first = await cardDeposit(server, player, "25.50");
    expect(first).toMatchObject({ type: 1, status: 2, amount: "25.50", currency: "EUR", depositNumber: 1, failureReason: null });
    expect(first.completedAt).not.toBeNull();
    const second = await cardDeposit(server, player, "10");
    expect(second).toMatchObject({ amount: "10.00", depositNumber: 2 });
    expect(await accountOf(server, player)).toMatchObject({ cash: "35.50", balance: "35.50" });
    const invoiceEvents = await publicationsOn(`payment:invoices#${player.playerId}`);
    expect(invoiceEvents.filter((event) => event.invoice?.status === 2).map((event) => event.event)).toEqual(["invoice.deposit.updated", "invoice.deposit.updated"]);
    for (const event of invoiceEvents) InvoiceEventSchema.parse(event);
    const accountEvents = await publicationsOn(`wallet:accounts#${player.playerId}`);
    expect(WalletAccountEventSchema.parse(accountEvents.at(-1)).account.cash).toBe("35.50");
    // The provider's own webhook arrived too and was acknowledged without crediting again.
    const webhooks = await server.database.db.execute(sql`select count(*)::int as count from payment_webhook_events where provider_payment_id in (select provider_payment_id from payment_invoices where player_id = ${player.playerId})`);
    expect(rowsOf<{ count: number }>(webhooks)[0]?.count).toBe(2);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("the decline card fails the invoice and moves no money", async () => {
    const player = await newPlayer(server);
    const response = await createInvoice(server, player, "deposit", { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: { ...CARD_FIELDS, cardNumber: SANDBOX_TEST_CARDS.decline } });
    expect(response.status).toBe(201);
    const { data } = InvoiceResponseSchema.parse(await readJson(response));
    expect(data).toMatchObject({ status: 3, failureReason: "declined", depositNumber: null });
    expect((await accountOf(server, player)).cash).toBe("0");
  });

  it("the 3-D Secure card waits on the confirmation page; confirming credits, cancelling fails", async () => {
    const player = await newPlayer(server);
    const fields = { ...CARD_FIELDS, cardNumber: SANDBOX_TEST_CARDS.threeDSecure };
    const pending = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "deposit", { amount: "30", currency: "EUR", methodCode: "sandbox.deposit.card", fields }))).data;
    expect(pending.status).toBe(1);
    const confirmUrl = pending.publicData.confirmUrl!;
    expect(confirmUrl).toMatch(/^\/api\/payment\/sandbox\/checkout\/sbx_/);
    const page = await server.request(confirmUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Card ending in 3220");
    expect(html).toContain("30.00 EUR");
    const confirm = await server.request(`${confirmUrl}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe("/?deposit-status=true");
    expect((await accountOf(server, player)).cash).toBe("30.00");
    // The page answers once: a second confirmation changes nothing.
    await server.request(`${confirmUrl}/confirm`, { method: "POST", redirect: "manual" });
    expect((await accountOf(server, player)).cash).toBe("30.00");

    const other = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "deposit", { amount: "40", currency: "EUR", methodCode: "sandbox.deposit.card", fields }))).data;
    await server.request(`${other.publicData.confirmUrl}/cancel`, { method: "POST", redirect: "manual" });
    const list = InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?type=1", authorized(player))));
    expect(list.data.find((invoice) => invoice.id === other.id)).toMatchObject({ status: 4, failureReason: "cancelled" });
    expect((await accountOf(server, player)).cash).toBe("30.00");
  });
});

describe("crypto, redirect and cash-agent deposits", () => {
  it("a crypto deposit shows an address and a QR payment URI and stays pending until the network confirms", async () => {
    const player = await newPlayer(server, "EUR");
    await server.request("/api/wallet/accounts", authorized(player, jsonBody("POST", { currency: "BTC" })));
    const response = await createInvoice(server, player, "deposit", { amount: "0.0015", currency: "BTC", methodCode: "sandbox.deposit.crypto-btc" });
    expect(response.status).toBe(201);
    const invoice = InvoiceResponseSchema.parse(await readJson(response)).data;
    expect(invoice).toMatchObject({ status: 1, amount: "0.00150000", publicData: { network: "bitcoin" } });
    expect(invoice.publicData.address).toMatch(/^bc1q[a-z0-9]{38}$/);
    expect(invoice.publicData.qr).toBe(`bitcoin:${invoice.publicData.address}?amount=0.00150000`);
    expect((await accountOf(server, player, "BTC")).cash).toBe("0");
    const confirm = await server.request(`/api/payment/sandbox/simulate/${invoice.id}`, jsonBody("POST", {}));
    expect(confirm.status).toBe(200);
    expect(await readJson(confirm)).toEqual({ settled: true, invoiceId: invoice.id });
    expect((await accountOf(server, player, "BTC")).cash).toBe("0.00150000");
    const again = await server.request(`/api/payment/sandbox/simulate/${invoice.id}`, jsonBody("POST", {}));
    expect(await readJson(again)).toEqual({ settled: false, invoiceId: invoice.id });
    expect((await accountOf(server, player, "BTC")).cash).toBe("0.00150000");
  });

  it("a redirect method opens the provider page; the player confirms or cancels there", async () => {
    const player = await newPlayer(server, "EUR");
    const skrill = { currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } };
    const first = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "deposit", { ...skrill, amount: "50" }))).data;
    expect(first.status).toBe(1);
    expect(first.publicData.redirectUrl).toMatch(/^\/api\/payment\/sandbox\/checkout\/sbx_/);
    expect(await (await server.request(first.publicData.redirectUrl!)).text()).toContain("sandbox.deposit.skrill");
    await server.request(`${first.publicData.redirectUrl}/confirm`, { method: "POST", redirect: "manual" });
    const second = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "deposit", { ...skrill, amount: "60" }))).data;
    await server.request(`${second.publicData.redirectUrl}/cancel`, { method: "POST", redirect: "manual" });
    const list = InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices", authorized(player))));
    expect(list.data.map((invoice) => [invoice.amount, invoice.status])).toEqual([
      ["60.00", 4],
      ["50.00", 2],
    ]);
    expect((await accountOf(server, player)).cash).toBe("50.00");
  });

  it("a cash-agent deposit gives a reference and waits for the agent's report", async () => {
    const player = await newPlayer(server, "EUR");
    const invoice = InvoiceResponseSchema.parse(
      await readJson(await createInvoice(server, player, "deposit", { amount: "15", currency: "EUR", methodCode: "sandbox.deposit.cash-agent", fields: { playerName: "Ada Lovelace", phone: "+49 30 901820" } })),
    ).data;
    expect(invoice.status).toBe(1);
    expect(invoice.publicData.reference).toMatch(/^CA-[A-Z0-9]{8}$/);
    await server.request(`/api/payment/sandbox/simulate/${invoice.id}`, jsonBody("POST", { outcome: "failed" }));
    expect((await readJson(await server.request("/api/payment/invoices", authorized(player)))).data[0]).toMatchObject({ status: 3, failureReason: "declined" });
  });
});

describe("invoice validation", () => {
  it("answers 422 with field errors for bad amounts, methods and fields, and writes nothing", async () => {
    const player = await newPlayer(server, "EUR");
    const card = { currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...card, amount: "0" }, "amount"],
      [{ ...card, amount: "-5" }, "amount"],
      [{ ...card, amount: "10.001" }, "amount"],
      [{ ...card, amount: "1e3" }, "amount"],
      [{ ...card, amount: 25 }, "amount"],
      [{ ...card, amount: "9.99" }, "amount"],
      [{ ...card, amount: "2000.01" }, "amount"],
      [{ ...card, amount: "20", currency: "XYZ" }, "currency"],
      [{ ...card, amount: "20", currency: "LTC" }, "currency"],
      [{ ...card, amount: "20", methodCode: "sandbox.deposit.unknown" }, "methodCode"],
      [{ ...card, amount: "20", methodCode: "sandbox.withdrawal.card" }, "methodCode"],
      [{ ...card, amount: "20", methodCode: "sandbox.deposit.pix" }, "methodCode"],
      [{ ...card, amount: "20", fields: { ...CARD_FIELDS, cardNumber: undefined } }, "fields.cardNumber"],
      [{ ...card, amount: "20", fields: { ...CARD_FIELDS, cardNumber: "4111111111111112" } }, "fields.cardNumber"],
      [{ ...card, amount: "20", fields: { ...CARD_FIELDS, cardExpiry: "01/20" } }, "fields.cardExpiry"],
      [{ ...card, amount: "20", fields: { ...CARD_FIELDS, playerName: "" } }, "fields.playerName"],
    ];
    for (const [body, field] of cases) {
      const response = await createInvoice(server, player, "deposit", body);
      const json = await readJson(response);
      expect({ body, status: response.status, code: json.code }).toEqual({ body, status: 422, code: "VALIDATION_FAILED" });
      expect(Object.keys(json.errors)).toContain(field);
    }
    // A player without an account in the currency.
    const noAccount = await createInvoice(server, player, "deposit", { amount: "0.001", currency: "BTC", methodCode: "sandbox.deposit.crypto-btc" });
    expect((await readJson(noAccount)).errors.currency).toBeDefined();
    expect(await invoiceCount(player.playerId)).toBe(0);
    expect((await accountOf(server, player)).cash).toBe("0");
  });

  it("the Idempotency-Key replays the same invoice and refuses a different body with 409", async () => {
    const player = await newPlayer(server, "EUR");
    const body = { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: CARD_FIELDS };
    const headers = { "idempotency-key": "deposit-attempt-1" };
    const first = await createInvoice(server, player, "deposit", body, headers);
    const firstInvoice = (await readJson(first)).data;
    const again = await createInvoice(server, player, "deposit", { ...body, amount: "20.00" }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await readJson(again)).data).toEqual(firstInvoice);
    const different = await createInvoice(server, player, "deposit", { ...body, amount: "21" }, headers);
    expect(different.status).toBe(409);
    expect((await readJson(different)).code).toBe("CONFLICT");
    const badKey = await createInvoice(server, player, "deposit", body, { "idempotency-key": "has spaces" });
    expect(badKey.status).toBe(422);
    expect(Object.keys((await readJson(badKey)).errors)).toEqual(["idempotency-key"]);
    // Parallel requests with one key create one invoice.
    const parallel = await Promise.all(Array.from({ length: 5 }, () => createInvoice(server, player, "deposit", { ...body, amount: "30" }, { "idempotency-key": "deposit-attempt-2" })));
    const ids = await Promise.all(parallel.map(async (response) => (await readJson(response)).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(await invoiceCount(player.playerId)).toBe(2);
    expect((await accountOf(server, player)).cash).toBe("50.00");
  });
});

describe("withdrawals", () => {
  it("holds the money at request; the player's decline cancels it (status 4, not failed) and returns it; the operator completes another", async () => {
    const player = await newPlayer(server, "EUR");
    await cardDeposit(server, player, "100");
    const payout = { currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } };
    const tooMuch = await createInvoice(server, player, "withdrawal", { ...payout, amount: "100.01" });
    expect(tooMuch.status).toBe(422);
    expect((await readJson(tooMuch)).errors.amount).toEqual(["The amount is more than your withdrawable balance."]);

    const first = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "withdrawal", { ...payout, amount: "40" }))).data;
    expect(first).toMatchObject({ type: 2, status: 1 });
    expect(await accountOf(server, player)).toMatchObject({ cash: "60.00", pendingWithdrawal: "40.00" });
    const declined = await server.request(`/api/payment/invoices/${first.id}/decline`, authorized(player, { method: "PUT" }));
    expect(declined.status).toBe(200);
    expect((await readJson(declined)).data).toMatchObject({ status: 4, failureReason: "playerDeclined" });
    expect(await accountOf(server, player)).toMatchObject({ cash: "100.00", pendingWithdrawal: "0.00" });
    // Declining again answers the same; the operator can no longer pay it out.
    const again = await server.request(`/api/payment/invoices/${first.id}/decline`, authorized(player, { method: "PUT" }));
    expect(again.status).toBe(200);
    expect((await readJson(again)).data).toMatchObject({ status: 4 });
    const cancelledOnly = InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?status=4", authorized(player)))).data;
    expect(cancelledOnly.map((invoice) => invoice.id)).toEqual([first.id]);
    expect(InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?status=3", authorized(player)))).data).toEqual([]);
    // A decision without a note may come without any body at all: it reaches the invoice's own rules.
    const late = await server.request(`/api/operator/withdrawals/${first.id}/complete`, operator({ method: "POST" }));
    expect(late.status).toBe(409);

    const second = InvoiceResponseSchema.parse(await readJson(await createInvoice(server, player, "withdrawal", { ...payout, amount: "70" }))).data;
    const queue = await readJson(await server.request("/api/operator/withdrawals?status=1&perPage=100", operator()));
    expect(queue.data.map((entry: { id: string }) => entry.id)).toContain(second.id);
    expect(queue.data.find((entry: { id: string }) => entry.id === second.id)).toMatchObject({ playerId: player.playerId, fields: { playerEmail: "ada@example.com" } });
    const completed = await server.request(`/api/operator/withdrawals/${second.id}/complete`, operator(jsonBody("POST", { note: "paid by sandbox" })));
    expect(completed.status).toBe(200);
    expect((await readJson(completed)).data).toMatchObject({ status: 2 });
    expect(await accountOf(server, player)).toMatchObject({ cash: "30.00", pendingWithdrawal: "0.00" });
    const tooLate = await server.request(`/api/payment/invoices/${second.id}/decline`, authorized(player, { method: "PUT" }));
    expect(tooLate.status).toBe(409);
    expect((await readJson(tooLate)).message).toBe("This withdrawal has already been paid out.");
    const withdrawalEvents = (await publicationsOn(`payment:invoices#${player.playerId}`)).filter((event) => event.event === "invoice.withdrawal.updated");
    expect(withdrawalEvents.map((event) => event.invoice?.status)).toEqual([1, 4, 1, 2]);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("the operator's rejection returns the money; other players' withdrawals and deposits cannot be declined", async () => {
    const player = await newPlayer(server, "EUR");
    const stranger = await newPlayer(server, "EUR");
    const deposit = await cardDeposit(server, player, "50");
    const withdrawal = InvoiceResponseSchema.parse(
      await readJson(await createInvoice(server, player, "withdrawal", { amount: "50", currency: "EUR", methodCode: "sandbox.withdrawal.card", fields: { cardNumber: SANDBOX_TEST_CARDS.success, playerName: "Ada Lovelace" } })),
    ).data;
    expect((await server.request(`/api/payment/invoices/${withdrawal.id}/decline`, authorized(stranger, { method: "PUT" }))).status).toBe(404);
    expect((await server.request(`/api/payment/invoices/${deposit.id}/decline`, authorized(stranger, { method: "PUT" }))).status).toBe(404);
    const rejected = await server.request(`/api/operator/withdrawals/${withdrawal.id}/reject`, operator(jsonBody("POST", { note: "details do not match" })));
    expect((await readJson(rejected)).data).toMatchObject({ status: 3, failureReason: "rejected" });
    expect(await accountOf(server, player)).toMatchObject({ cash: "50.00", pendingWithdrawal: "0.00" });
    expect((await server.request("/api/operator/withdrawals", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await server.request("/api/operator/withdrawals")).status).toBe(401);
  });
});

describe("invoice history and statistics", () => {
  it("filters by type, status, currency and dates, pages, and sums per currency", async () => {
    const player = await newPlayer(server, "EUR");
    await server.request("/api/wallet/accounts", authorized(player, jsonBody("POST", { currency: "USD" })));
    await cardDeposit(server, player, "10");
    await cardDeposit(server, player, "20");
    await cardDeposit(server, player, "15", "USD");
    await createInvoice(server, player, "deposit", { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: { ...CARD_FIELDS, cardNumber: SANDBOX_TEST_CARDS.decline } });
    const withdrawal = await createInvoice(server, player, "withdrawal", { amount: "12.5", currency: "EUR", methodCode: "sandbox.withdrawal.skrill", fields: { playerEmail: "ada@example.com" } });
    expect(withdrawal.status).toBe(201);

    const all = InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?perPage=2", authorized(player))));
    expect(all.meta).toEqual({ page: 1, perPage: 2, totalPages: 3, totalRows: 5 });
    expect(all.data[0]).toMatchObject({ type: 2, amount: "12.50" });
    const successfulEur = InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?type=1&status=2&currency=EUR", authorized(player))));
    expect(successfulEur.data.map((invoice) => invoice.amount)).toEqual(["20.00", "10.00"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(InvoiceListSchema.parse(await readJson(await server.request(`/api/payment/invoices?dateFrom=${today}&dateTo=${today}`, authorized(player)))).meta.totalRows).toBe(5);
    expect(InvoiceListSchema.parse(await readJson(await server.request("/api/payment/invoices?dateTo=2020-01-01", authorized(player)))).meta.totalRows).toBe(0);
    expect((await server.request("/api/payment/invoices?status=7", authorized(player))).status).toBe(422);

    const statistics = InvoiceStatisticsSchema.parse(await readJson(await server.request("/api/payment/invoices/statistics", authorized(player))));
    expect(statistics.data).toEqual({
      depositCount: 3,
      currencies: [
        { currency: "EUR", depositCount: 2, depositSum: "30.00", withdrawalCount: 0, withdrawalSum: "0.00", pendingWithdrawalSum: "12.50" },
        { currency: "USD", depositCount: 1, depositSum: "15.00", withdrawalCount: 0, withdrawalSum: "0.00", pendingWithdrawalSum: "0.00" },
      ],
    });
  });
});
