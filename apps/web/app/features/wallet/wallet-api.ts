// The wallet's calls (spec 7 "Wallet and payment"), typed by the contracts. Every call needs a
// session; the list answers of the account calls replace the cached list as a whole.
import type { CreateInvoiceRequest, Invoice, InvoiceList, InvoiceResponse, InvoiceStatistics } from "@playfair/contracts/payment/invoices";
import type { PaymentDirection, PaymentMethodGroup, PaymentMethodList } from "@playfair/contracts/payment/methods";
import type { SpinRowsPage } from "@playfair/contracts/game/spins";
import type { BetView } from "@playfair/contracts/sport/bets";
import type { PageMeta } from "@playfair/contracts/pagination";
import type { WalletAccount, WalletAccountList } from "@playfair/contracts/wallet/accounts";
import { apiRequest } from "#app/lib/api-client.ts";

/** TanStack Query keys, so one change refreshes every view that shows it. */
export const walletQueryKeys = {
  all: ["wallet"] as const,
  /** Keyed by player too: a sign-out and another sign-in in the same tab must never show the old list. */
  player: (playerId: string) => ["wallet", playerId] as const,
  accounts: (playerId: string) => ["wallet", playerId, "accounts"] as const,
};

const REQUIRED = { auth: "required" } as const;

export async function fetchWalletAccounts(signal?: AbortSignal): Promise<WalletAccount[]> {
  return (await apiRequest<WalletAccountList>("/api/wallet/accounts", { ...REQUIRED, signal })).data;
}

export async function addWalletAccount(currency: string): Promise<WalletAccount[]> {
  return (await apiRequest<WalletAccountList>("/api/wallet/accounts", { ...REQUIRED, method: "POST", body: { currency } })).data;
}

export async function switchWalletAccount(accountId: string): Promise<WalletAccount[]> {
  return (await apiRequest<WalletAccountList>(`/api/wallet/accounts/${encodeURIComponent(accountId)}/switch`, { ...REQUIRED, method: "PUT" })).data;
}

export async function hideWalletAccount(accountId: string): Promise<WalletAccount[]> {
  return (await apiRequest<WalletAccountList>(`/api/wallet/accounts/${encodeURIComponent(accountId)}/hide`, { ...REQUIRED, method: "PUT" })).data;
}

// ---------------------------------------------------------------------------------------------
// Payments (spec 7): methods, invoices, decline, statistics.

export const paymentQueryKeys = {
  methods: (playerId: string, direction: PaymentDirection, currency: string, country: string | null) =>
    ["wallet", playerId, "methods", direction, currency, country ?? ""] as const,
  invoices: (playerId: string) => ["wallet", playerId, "invoices"] as const,
  invoicePage: (playerId: string, filters: InvoiceFilters, page: number) => ["wallet", playerId, "invoices", filters, page] as const,
  statistics: (playerId: string) => ["wallet", playerId, "invoices", "statistics"] as const,
};

/** History filters as the address and the call carry them; empty strings mean "any". */
export type InvoiceFilters = { type: "" | "1" | "2"; status: "" | "1" | "2" | "3" | "4"; currency: string; dateFrom: string; dateTo: string };

export const NO_INVOICE_FILTERS: InvoiceFilters = { type: "", status: "", currency: "", dateFrom: "", dateTo: "" };

const INVOICES_PER_PAGE = 10;

export async function fetchPaymentMethods(
  direction: PaymentDirection,
  currency: string,
  country: string | null,
  signal?: AbortSignal,
): Promise<PaymentMethodGroup[]> {
  const query = { currency, ...(country ? { country } : {}) };
  return (await apiRequest<PaymentMethodList>(`/api/payment/methods/${direction}`, { ...REQUIRED, query, signal })).data;
}

/** `idempotencyKey`: the same key for a resubmission of the same request, so a retry never pays twice. */
export async function createInvoice(direction: PaymentDirection, request: CreateInvoiceRequest, idempotencyKey: string): Promise<Invoice> {
  const path = direction === "deposit" ? "/api/payment/invoices/deposit" : "/api/payment/invoices/withdrawal";
  return (await apiRequest<InvoiceResponse>(path, { ...REQUIRED, method: "POST", body: request, headers: { "idempotency-key": idempotencyKey } })).data;
}

export function fetchInvoices(filters: InvoiceFilters, page: number, signal?: AbortSignal, perPage = INVOICES_PER_PAGE): Promise<InvoiceList> {
  const query: Record<string, string | number> = { page, perPage };
  for (const [key, value] of Object.entries(filters)) if (value !== "") query[key] = value;
  return apiRequest<InvoiceList>("/api/payment/invoices", { ...REQUIRED, query, signal });
}

/** The spec's invoice decline: cancels a pending withdrawal or a pending deposit (status 4). */
export async function declineInvoice(invoiceId: string): Promise<Invoice> {
  return (await apiRequest<InvoiceResponse>(`/api/payment/invoices/${encodeURIComponent(invoiceId)}/decline`, { ...REQUIRED, method: "PUT" })).data;
}

export async function fetchInvoiceStatistics(signal?: AbortSignal): Promise<InvoiceStatistics["data"]> {
  return (await apiRequest<InvoiceStatistics>("/api/payment/invoices/statistics", { ...REQUIRED, signal })).data;
}

// ---------------------------------------------------------------------------------------------
// Game rounds (spec 7 GET /api/game/spins, with the history filters): originals and studio games.

export const spinQueryKeys = {
  spins: (playerId: string) => ["wallet", playerId, "spins"] as const,
  spinPage: (playerId: string, filters: SpinFilters, page: number) => ["wallet", playerId, "spins", filters, page] as const,
};

/** The spins tab's filters as the call carries them; empty strings mean "any". */
export type SpinFilters = {
  game: string;
  source: "" | "original" | "thirdParty";
  status: "" | "open" | "settled" | "voided";
  currency: string;
  dateFrom: string;
  dateTo: string;
};

export const NO_SPIN_FILTERS: SpinFilters = { game: "", source: "", status: "", currency: "", dateFrom: "", dateTo: "" };

const SPINS_PER_PAGE = 10;

export function fetchSpins(filters: SpinFilters, page: number, signal?: AbortSignal): Promise<SpinRowsPage> {
  const query: Record<string, string | number> = { page, perPage: SPINS_PER_PAGE };
  for (const [key, value] of Object.entries(filters)) if (value !== "") query[key] = value;
  return apiRequest<SpinRowsPage>("/api/game/spins", { ...REQUIRED, query, signal });
}

// ---------------------------------------------------------------------------------------------
// Sports bets (spec 7 GET /api/game/bets: page, perPage, isSettled default true).

export const betQueryKeys = {
  bets: (playerId: string) => ["wallet", playerId, "bets"] as const,
  betPage: (playerId: string, filters: BetFilters, page: number) => ["wallet", playerId, "bets", filters, page] as const,
};

/** The bets tab's one filter: decided bets (the default, empty) or open ones ("false"). */
export type BetFilters = { isSettled: "" | "false" };

export const NO_BET_FILTERS: BetFilters = { isSettled: "" };

const BETS_PER_PAGE = 10;

export type BetsPage = { data: BetView[]; meta: PageMeta };

export function fetchBets(filters: BetFilters, page: number, signal?: AbortSignal): Promise<BetsPage> {
  const query: Record<string, string | number> = { page, perPage: BETS_PER_PAGE, isSettled: filters.isSettled === "false" ? "false" : "true" };
  return apiRequest<BetsPage>("/api/game/bets", { ...REQUIRED, query, signal });
}
