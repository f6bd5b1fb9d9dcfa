// What an invoice publication (`payment:invoices#`, spec 7) means for the player: which alert to
// show (spec 4: only status 2 and 3; a cancellation, 4, is the player's own act and has none), and which deposit-count event and pixel a success fires.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import { depositPixelFor, type DepositEvent } from "#app/features/site-services/analytics.ts";

const DEPOSIT_EVENT = "invoice.deposit.updated";
const WITHDRAWAL_EVENT = "invoice.withdrawal.updated";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The invoice of a publication, or null when the payload is not an invoice event. */
export function invoiceFromEvent(data: unknown): Invoice | null {
  if (!isRecord(data) || (data.event !== DEPOSIT_EVENT && data.event !== WITHDRAWAL_EVENT) || !isRecord(data.invoice)) return null;
  const invoice = data.invoice;
  if (
    typeof invoice.id !== "string" ||
    typeof invoice.amount !== "string" ||
    !/^-?\d+(\.\d+)?$/.test(invoice.amount) ||
    typeof invoice.currency !== "string" ||
    (invoice.status !== 1 && invoice.status !== 2 && invoice.status !== 3 && invoice.status !== 4) ||
    (invoice.type !== 1 && invoice.type !== 2) ||
    !isRecord(invoice.publicData)
  ) {
    return null;
  }
  return invoice as Invoice;
}

export type InvoiceAlertKind = "depositSuccess" | "depositFailed" | "withdrawalSuccess" | "withdrawalFailed";

/**
 * The alert an invoice's new status calls for; pending and cancelled invoices have none (the
 * player who cancelled sees the one confirmation of the cancel action itself).
 */
export function invoiceAlertKind(invoice: Pick<Invoice, "type" | "status">): InvoiceAlertKind | null {
  if (invoice.status === 1 || invoice.status === 4) return null;
  if (invoice.type === 1) return invoice.status === 2 ? "depositSuccess" : "depositFailed";
  return invoice.status === 2 ? "withdrawalSuccess" : "withdrawalFailed";
}

// The sheets that show an invoice's outcome themselves: the wallet modal's waiting screens (which
// change in place) and the deposit result modals the wallet opens.
const RESULT_SHEETS = ["wallet", "deposit-success", "deposit-error", "deposit-status"] as const;

/**
 * Whether an open sheet already tells the player this invoice's outcome, so an alert would say it
 * a second time: a result sheet is open (the address's modal) and the invoice is the player's own
 * latest request on this page, or that request has not been answered yet (its realtime update can
 * come before the answer, which then opens the result sheet).
 */
export function outcomeShownInSheet(
  invoice: Pick<Invoice, "id">,
  page: { search: string; latestInvoiceId: string | null; requestInFlight: boolean },
): boolean {
  const params = new URLSearchParams(page.search);
  if (!RESULT_SHEETS.some((name) => params.has(name))) return false;
  return invoice.id === page.latestInvoiceId || page.requestInFlight;
}

/** A successful deposit's count event and pixel (first-deposit/ftd ... fifth-plus-deposit/dep5plus). */
export function depositEventOf(invoice: Pick<Invoice, "type" | "status" | "depositNumber">): DepositEvent | null {
  if (invoice.type !== 1 || invoice.status !== 2 || invoice.depositNumber === null) return null;
  return depositPixelFor(invoice.depositNumber);
}

const ANNOUNCED_KEY = "playfair:wallet:announced-invoices";
const ANNOUNCED_KEPT = 100;

/**
 * Claims the once-only effects of an invoice outcome (the pixel) for this browser: true the first
 * time, false for a replayed event or the same event in another tab.
 */
export function claimInvoiceOutcome(storage: Pick<Storage, "getItem" | "setItem"> | null, invoice: Pick<Invoice, "id" | "status">): boolean {
  const key = `${invoice.id}:${invoice.status}`;
  if (!storage) return true;
  let claimed: string[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ANNOUNCED_KEY) ?? "[]");
    if (Array.isArray(parsed)) claimed = parsed.filter((entry): entry is string => typeof entry === "string");
  } catch {
    claimed = [];
  }
  if (claimed.includes(key)) return false;
  try {
    storage.setItem(ANNOUNCED_KEY, JSON.stringify([...claimed, key].slice(-ANNOUNCED_KEPT)));
  } catch {
    // Storage full or refused: firing once per tab is the lesser evil than never firing.
  }
  return true;
}
