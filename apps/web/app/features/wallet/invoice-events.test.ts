import type { Invoice } from "@playfair/contracts/payment/invoices";
import { describe, expect, it } from "vitest";
import { claimInvoiceOutcome, depositEventOf, invoiceAlertKind, invoiceFromEvent, outcomeShownInSheet } from "./invoice-events.ts";

const deposit: Invoice = {
  id: "i1",
  number: 100001,
  type: 1,
  status: 2,
  amount: "25.00",
  currency: "EUR",
  methodCode: "sandbox.deposit.card",
  publicData: {},
  depositNumber: 1,
  bonusId: null,
  bonusCode: null,
  failureReason: null,
  createdAt: "2026-11-22T00:00:00.000Z",
  completedAt: "2026-11-22T00:00:01.000Z",
};

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe("invoice events", () => {
  it("reads the invoice of a deposit or withdrawal update, nothing else", () => {
    expect(invoiceFromEvent({ event: "invoice.deposit.updated", invoice: deposit })).toEqual(deposit);
    expect(invoiceFromEvent({ event: "invoice.withdrawal.updated", invoice: { ...deposit, type: 2 } })?.type).toBe(2);
    expect(invoiceFromEvent({ event: "invoice.deposit.updated", invoice: { ...deposit, amount: 25 } })).toBeNull();
    expect(invoiceFromEvent({ event: "account", account: {} })).toBeNull();
  });

  it("alerts only on success and failure (spec 4)", () => {
    expect(invoiceAlertKind({ type: 1, status: 1 })).toBeNull();
    expect(invoiceAlertKind({ type: 1, status: 2 })).toBe("depositSuccess");
    expect(invoiceAlertKind({ type: 1, status: 3 })).toBe("depositFailed");
    expect(invoiceAlertKind({ type: 2, status: 2 })).toBe("withdrawalSuccess");
    expect(invoiceAlertKind({ type: 2, status: 3 })).toBe("withdrawalFailed");
  });

  it("announces no alert for an invoice the player cancelled (status 4): the cancel action confirms it once", () => {
    expect(invoiceAlertKind({ type: 2, status: 4 })).toBeNull();
    expect(invoiceAlertKind({ type: 1, status: 4 })).toBeNull();
    expect(invoiceFromEvent({ event: "invoice.withdrawal.updated", invoice: { ...deposit, type: 2, status: 4 } })).toMatchObject({ status: 4 });
  });

  it("maps the deposit number to the deposit events and pixels", () => {
    expect(depositEventOf(deposit)).toEqual({ eventName: "first-deposit", pixel: "ftd" });
    expect(depositEventOf({ ...deposit, depositNumber: 4 })).toEqual({ eventName: "fourth-deposit", pixel: "dep4" });
    expect(depositEventOf({ ...deposit, depositNumber: 9 })).toEqual({ eventName: "fifth-plus-deposit", pixel: "dep5plus" });
    expect(depositEventOf({ ...deposit, status: 3 })).toBeNull();
    expect(depositEventOf({ ...deposit, type: 2 })).toBeNull();
  });

  it("claims a deposit's pixel once per browser, even when the event comes again", () => {
    const storage = memoryStorage();
    expect(claimInvoiceOutcome(storage, deposit)).toBe(true);
    expect(claimInvoiceOutcome(storage, deposit)).toBe(false);
    expect(claimInvoiceOutcome(storage, { ...deposit, id: "i2" })).toBe(true);
  });
});

describe("outcomeShownInSheet", () => {
  const invoice = { id: "inv-1" };
  it("is true when a result sheet is open on the player's own latest request, or while a request awaits its answer", () => {
    expect(outcomeShownInSheet(invoice, { search: "?wallet=deposit", latestInvoiceId: "inv-1", requestInFlight: false })).toBe(true);
    expect(outcomeShownInSheet(invoice, { search: "?deposit-success=true", latestInvoiceId: "inv-1", requestInFlight: false })).toBe(true);
    expect(outcomeShownInSheet(invoice, { search: "?wallet=deposit", latestInvoiceId: null, requestInFlight: true })).toBe(true);
  });

  it("is false with no result sheet open, or for another invoice than the one on screen", () => {
    expect(outcomeShownInSheet(invoice, { search: "", latestInvoiceId: "inv-1", requestInFlight: false })).toBe(false);
    expect(outcomeShownInSheet(invoice, { search: "?sign-in=true", latestInvoiceId: "inv-1", requestInFlight: true })).toBe(false);
    expect(outcomeShownInSheet(invoice, { search: "?wallet=deposit", latestInvoiceId: "inv-2", requestInFlight: false })).toBe(false);
  });
});
