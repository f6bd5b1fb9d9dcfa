// The player's recent account events for the bell's "Updates" tab: payments, limits and sign-ins,
// read from the player's own lists (invoices, limits, sessions) and merged newest first. Operator
// pushes tell news; these tell what happened to the account, which the player otherwise has to
// look for in three places.
import { apiRequest } from "#app/lib/api-client.ts";

/** Shapes declared here, without zod: only the fields the list shows. */
type InvoiceItem = { id: string; type: number; status: number; amount: string; currency: string; createdAt: string; completedAt: string | null };
type LimitItem = { id: string; definition: number; amount: string | null; currency: string | null; createdAt: string; endsAt: string | null };
type SessionItem = { id: string; device: string | null; browser: string | null; os: string | null; createdAt: string; isCurrent: boolean };

export type AccountEvent =
  | { kind: "payment"; id: string; at: string; direction: "deposit" | "withdrawal"; status: "pending" | "success" | "failed" | "cancelled"; amount: string; currency: string }
  | { kind: "limit"; id: string; at: string; limit: "bet" | "loss" | "deposit" | "selfExclusion" | "coolingOff"; amount: string | null; currency: string | null }
  | { kind: "signIn"; id: string; at: string; device: string; isCurrent: boolean };

/** How many events the tab shows, and how far back it looks. */
export const ACCOUNT_EVENTS_SHOWN = 8;
export const ACCOUNT_EVENTS_DAYS = 30;

const INVOICE_STATUSES = { 1: "pending", 2: "success", 3: "failed", 4: "cancelled" } as const;
const LIMIT_KINDS = { 1: "bet", 2: "loss", 3: "deposit", 4: "selfExclusion", 5: "coolingOff" } as const;

function invoiceEvent(invoice: InvoiceItem): AccountEvent | null {
  const status = INVOICE_STATUSES[invoice.status as keyof typeof INVOICE_STATUSES];
  if (!status) return null;
  return {
    kind: "payment",
    id: `invoice:${invoice.id}:${invoice.status}`,
    // A finished payment is news when it finished, not when it was asked for.
    at: invoice.completedAt ?? invoice.createdAt,
    direction: invoice.type === 2 ? "withdrawal" : "deposit",
    status,
    amount: invoice.amount,
    currency: invoice.currency,
  };
}

function limitEvent(limit: LimitItem): AccountEvent | null {
  const kind = LIMIT_KINDS[limit.definition as keyof typeof LIMIT_KINDS];
  if (!kind) return null;
  return { kind: "limit", id: `limit:${limit.id}`, at: limit.createdAt, limit: kind, amount: limit.amount, currency: limit.currency };
}

function sessionEvent(session: SessionItem): AccountEvent {
  const device = [session.browser, session.os].filter((part): part is string => Boolean(part)).join(" · ") || session.device || "";
  return { kind: "signIn", id: `session:${session.id}`, at: session.createdAt, device, isCurrent: session.isCurrent };
}

/** The recent events of the three lists, newest first, at most `ACCOUNT_EVENTS_SHOWN`, none older than the window. */
export function mergeAccountEvents(
  lists: { invoices: readonly InvoiceItem[]; limits: readonly LimitItem[]; sessions: readonly SessionItem[] },
  now: number,
): AccountEvent[] {
  const since = now - ACCOUNT_EVENTS_DAYS * 24 * 60 * 60 * 1000;
  const events = [
    ...lists.invoices.map(invoiceEvent),
    ...lists.limits.map(limitEvent),
    ...lists.sessions.map(sessionEvent),
  ].filter((event): event is AccountEvent => event !== null && Date.parse(event.at) >= since);
  return events.sort((left, right) => Date.parse(right.at) - Date.parse(left.at)).slice(0, ACCOUNT_EVENTS_SHOWN);
}

/** Reads the three lists at once; one that cannot be read leaves its events out rather than the whole tab. */
export async function fetchAccountEvents(signal?: AbortSignal): Promise<AccountEvent[]> {
  const settled = await Promise.allSettled([
    apiRequest<{ data: InvoiceItem[] }>("/api/payment/invoices", { auth: "required", query: { page: 1, perPage: ACCOUNT_EVENTS_SHOWN }, signal }),
    apiRequest<{ data: LimitItem[] }>("/api/player/limits", { auth: "required", signal }),
    apiRequest<{ data: SessionItem[] }>("/api/player/sessions", { auth: "required", query: { page: 1, perPage: ACCOUNT_EVENTS_SHOWN }, signal }),
  ]);
  const [invoices] = settled;
  if (invoices.status === "rejected" && settled.every((result) => result.status === "rejected")) throw invoices.reason;
  const data = <Item,>(result: PromiseSettledResult<{ data: Item[] }>): Item[] => (result.status === "fulfilled" ? result.value.data : []);
  return mergeAccountEvents({ invoices: data(settled[0]), limits: data(settled[1]), sessions: data(settled[2]) }, Date.now());
}
