import { describe, expect, it } from "vitest";
import { CreateInvoiceRequestSchema, depositCountEvent, InvoiceListQuerySchema } from "./invoices.ts";

describe("deposit count events (spec 4)", () => {
  it("maps deposits 1..4 to first..fourth and the rest to fifth-plus", () => {
    expect([1, 2, 3, 4, 5, 17].map(depositCountEvent)).toEqual(["first-deposit", "second-deposit", "third-deposit", "fourth-deposit", "fifth-plus-deposit", "fifth-plus-deposit"]);
  });
});

describe("invoice request schemas", () => {
  it("accept decimal strings above zero only", () => {
    const base = { currency: "EUR", methodCode: "sandbox.deposit.card" };
    expect(CreateInvoiceRequestSchema.parse({ ...base, amount: "10.50" })).toEqual({ ...base, amount: "10.50", fields: {} });
    for (const amount of ["0", "0.00", "-1", "1e3", "", 10]) expect(CreateInvoiceRequestSchema.safeParse({ ...base, amount }).success, String(amount)).toBe(false);
    expect(CreateInvoiceRequestSchema.safeParse({ ...base, amount: "1", methodCode: "card" }).success).toBe(false);
  });

  it("read the list filters from a query string", () => {
    expect(InvoiceListQuerySchema.parse({ type: "2", status: "1", dateFrom: "2026-01-01", page: "2" })).toEqual({ type: 2, status: 1, dateFrom: "2026-01-01", page: 2, perPage: 20 });
    expect(InvoiceListQuerySchema.parse({ status: "4" }).status).toBe(4);
    expect(InvoiceListQuerySchema.safeParse({ status: "5" }).success).toBe(false);
    expect(InvoiceListQuerySchema.safeParse({ dateTo: "yesterday" }).success).toBe(false);
  });
});
