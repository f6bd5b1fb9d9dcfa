import { createHash } from "node:crypto";
import { compareAmounts, fromMinorUnits, MoneyError, subunitDecimals, toMinorUnits } from "@playfair/contracts/money";
import type { CreateInvoiceRequest } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection } from "@playfair/contracts/payment/methods";
import type { Currency } from "@playfair/contracts/settings";
import { formatFormErrors, validateForm, type FieldRules } from "@playfair/contracts/validation/rules";
import { validationFailed } from "../../lib/app-error.ts";
import type { MethodCatalogue, ResolvedMethod } from "./method-catalogue.ts";

// What a player's deposit or withdrawal request must satisfy before an invoice exists, and the
// fingerprint that tells a replayed request from a different one under the same idempotency key.

/** "10", "10.0" and "010.00" are one amount: idempotency fingerprints must not tell them apart. */
function canonicalDecimal(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const trimmedFraction = fraction.replace(/0+$/, "");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  return trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
}

export function requestFingerprint(direction: PaymentDirection, body: CreateInvoiceRequest): string {
  const canonical = [
    direction,
    canonicalDecimal(body.amount),
    body.currency,
    body.methodCode,
    Object.entries(body.fields)
      .map(([name, value]) => [name, value.trim()])
      .sort(([left = ""], [right = ""]) => (left < right ? -1 : left > right ? 1 : 0)),
    body.bonusCode ?? null,
    // Appended only when chosen, so fingerprints of requests without one stay what they were.
    ...(body.bonusId ? [body.bonusId] : []),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** What is kept of the payment form: never a full card number, its expiry or CVC (PCI). */
export function storedFields(fields: Record<string, string>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === "cardCvc" || name === "cardExpiry") continue;
    stored[name] = name === "cardNumber" ? `**** ${value.slice(-4)}` : value;
  }
  return stored;
}

/** The method, the amount in the currency's precision and the form fields, or VALIDATION_FAILED with every problem. */
export function validateInvoiceRequest(
  catalogue: MethodCatalogue,
  today: Date,
  direction: PaymentDirection,
  body: CreateInvoiceRequest,
  currency: Currency,
): { method: ResolvedMethod; amount: string; fields: Record<string, string> } {
  const method = catalogue.find(body.methodCode, currency, null);
  if (!method || method.view.direction !== direction) throw validationFailed({ methodCode: ["This payment method is not available."] });
  const errors: Record<string, string[]> = {};
  let amount = body.amount;
  try {
    amount = fromMinorUnits(toMinorUnits(body.amount, currency.subunitToUnit), currency.subunitToUnit);
    if (compareAmounts(amount, method.view.amount.min) < 0) errors.amount = [`The minimum value allowed is ${method.view.amount.min}`];
    else if (compareAmounts(amount, method.view.amount.max) > 0) errors.amount = [`The maximum value allowed is ${method.view.amount.max}`];
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const decimals = subunitDecimals(currency.subunitToUnit);
    errors.amount = [decimals === 0 ? `${currency.code} amounts are whole numbers.` : `${currency.code} amounts have at most ${decimals} decimal places.`];
  }
  const fields: Record<string, string> = {};
  const rules: Record<string, FieldRules[string]> = {};
  for (const field of method.view.fields) {
    const value = body.fields[field.name];
    if (value !== undefined && value.trim() !== "") fields[field.name] = value.trim();
    rules[field.name] = field.rules;
  }
  // The same rules the browser's form runs (card number check digit and expiry among them).
  for (const [name, messages] of Object.entries(formatFormErrors(validateForm(fields, rules, { today: today.toISOString().slice(0, 10) })))) {
    errors[`fields.${name}`] = messages;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { method, amount, fields };
}
