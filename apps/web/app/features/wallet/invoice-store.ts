// Invoices the player has just created or heard about, so the wallet modal's waiting screens and
// the result modals (deposit-success, deposit-error, deposit-status) show the same, live state.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useSyncExternalStore } from "react";

type State = { byId: ReadonlyMap<string, Invoice>; lastId: string | null; cancelId: string | null };

let state: State = { byId: new Map(), lastId: null, cancelId: null };
const listeners = new Set<() => void>();

function emit(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Keeps only the invoices of this page visit; a long-open tab must not grow without bound. */
const REMEMBERED = 50;

/**
 * Records an invoice; `asLatest` marks it as the one the result modals talk about (the player's
 * latest request). A stale copy never replaces a newer one: status only moves away from pending.
 */
export function rememberInvoice(invoice: Invoice, options: { asLatest?: boolean } = {}): void {
  const known = state.byId.get(invoice.id);
  if (known && known.status !== 1 && invoice.status === 1) return;
  const byId = new Map(state.byId);
  byId.delete(invoice.id);
  byId.set(invoice.id, invoice);
  while (byId.size > REMEMBERED) byId.delete(byId.keys().next().value as string);
  emit({ byId, lastId: options.asLatest ? invoice.id : state.lastId, cancelId: state.cancelId });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: State = { byId: new Map(), lastId: null, cancelId: null };

/** The pending deposit the cancel-deposit modal is about to cancel (the one whose button opened it). */
export function chooseDepositToCancel(invoice: Invoice): void {
  rememberInvoice(invoice);
  emit({ ...state, cancelId: invoice.id });
}

/** The deposit chosen for the cancel-deposit modal, updated live; null when none was chosen on this page. */
export function useDepositToCancel(): Invoice | null {
  const current = useSyncExternalStore(subscribe, () => state, () => serverState);
  return current.cancelId ? (current.byId.get(current.cancelId) ?? null) : null;
}

/** The remembered invoice with this id (updated live), or null. */
export function useRememberedInvoice(id: string | null): Invoice | null {
  const current = useSyncExternalStore(subscribe, () => state, () => serverState);
  return id ? (current.byId.get(id) ?? null) : null;
}

/** The player's latest request, updated live; null when this page has not made one. */
export function useLatestInvoice(): Invoice | null {
  const current = useSyncExternalStore(subscribe, () => state, () => serverState);
  return current.lastId ? (current.byId.get(current.lastId) ?? null) : null;
}

/** The invoice the result modals talk about (this page's latest request), outside React. */
export function latestInvoiceId(): string | null {
  return state.lastId;
}

let requestsInFlight = 0;

/** Marks an invoice request as under way until it settles (see invoiceRequestInFlight). */
export async function trackInvoiceRequest<T>(request: Promise<T>): Promise<T> {
  requestsInFlight += 1;
  try {
    return await request;
  } finally {
    requestsInFlight -= 1;
  }
}

/** Whether this page is waiting for the answer to an invoice request (its outcome may arrive first by realtime). */
export function invoiceRequestInFlight(): boolean {
  return requestsInFlight > 0;
}
