import type { PageMeta } from "@playfair/contracts/pagination";
import type { BetView, PlaceBetRequest } from "@playfair/contracts/sport/bets";
import type { EventDetail, EventListQuery, EventSummary, SportInfo } from "@playfair/contracts/sport/sportsbook-api";

/**
 * The widget's calls (ADR 035): the provider's own API under /api/sportsbook/ and the spec's
 * /api/game/sport/*. The sportsbook token from the start-game call goes as the
 * bearer token when there is one (a guest's is empty and browses without it).
 */
export const SPORTSBOOK_API = {
  sports: "/api/sportsbook/sports",
  events: "/api/sportsbook/events",
  event: (eventId: number) => `/api/sportsbook/events/${eventId}`,
  placeBet: "/api/sportsbook/bets",
  bet: (betId: string) => `/api/sportsbook/bets/${encodeURIComponent(betId)}`,
  cashOut: (betId: string) => `/api/sportsbook/bets/${encodeURIComponent(betId)}/cash-out`,
  sportInfo: (sportId: number) => `/api/game/sport/info/${sportId}`,
  search: "/api/game/sport/search",
  bets: "/api/sportsbook/bets/history",
  openBets: "/api/sportsbook/bets",
} as const;

export type SportCount = { sportId: number; prematch: number; live: number };
export type Page<T> = { data: T[]; meta: PageMeta };
export type SearchResult = {
  events: EventSummary[];
  championships: { id: number; name: string; categoryId: number; categoryName: string; sportId: number }[];
};

/** A refused call: the API's error body, with the bet's reject reason when there is one. */
export class SportsbookApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly reason: string | null;
  constructor(status: number, code: string, message: string, reason: string | null) {
    super(message);
    this.name = "SportsbookApiError";
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export type SportsbookApi = ReturnType<typeof createSportsbookApi>;

export function createSportsbookApi(context: { token: () => string; language: () => string; fetch?: typeof fetch }) {
  const send = context.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(path: string, options: { method?: "GET" | "POST"; query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(name, String(value));
    const headers: Record<string, string> = { accept: "application/json", "accept-language": context.language() };
    const token = context.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await send(search.size > 0 ? `${path}?${search}` : path, {
      method: options.method ?? "GET",
      headers,
      credentials: "omit",
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
    const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      const error = (body ?? {}) as { code?: string; message?: string; reason?: string };
      throw new SportsbookApiError(response.status, error.code ?? "ERROR", error.message ?? response.statusText, error.reason ?? null);
    }
    return body as T;
  }

  // Spec 7: sport info is cached per sport (a failed read is asked again next time).
  const sportInfos = new Map<number, Promise<SportInfo>>();
  function sportInfo(sportId: number): Promise<SportInfo> {
    let info = sportInfos.get(sportId);
    if (!info) {
      info = call<SportInfo>(SPORTSBOOK_API.sportInfo(sportId));
      sportInfos.set(sportId, info);
      info.catch(() => sportInfos.delete(sportId));
    }
    return info;
  }

  return {
    sports: (signal?: AbortSignal) => call<{ data: SportCount[] }>(SPORTSBOOK_API.sports, { signal }).then((answer) => answer.data),
    events: (query: Partial<EventListQuery>, signal?: AbortSignal) => call<Page<EventSummary>>(SPORTSBOOK_API.events, { query, signal }),
    event: (eventId: number, signal?: AbortSignal) => call<EventDetail>(SPORTSBOOK_API.event(eventId), { signal }),
    sportInfo,
    search: (text: string, signal?: AbortSignal) => call<SearchResult>(SPORTSBOOK_API.search, { query: { text }, signal }),
    bets: (query: { isSettled: boolean; page: number; perPage: number }, signal?: AbortSignal) => call<Page<BetView>>(SPORTSBOOK_API.bets, { query, signal }),
    /** Every open bet with the cash-out offer standing now (the history's open bets carry no offer). */
    openBets: (signal?: AbortSignal) => call<{ data: BetView[] }>(SPORTSBOOK_API.openBets, { query: { open: "true" }, signal }).then((answer) => answer.data),
    bet: (betId: string, signal?: AbortSignal) => call<{ data: BetView }>(SPORTSBOOK_API.bet(betId), { signal }).then((answer) => answer.data),
    placeBet: (request: PlaceBetRequest) => call<{ data: BetView }>(SPORTSBOOK_API.placeBet, { method: "POST", body: request }).then((answer) => answer.data),
    cashOut: (betId: string, offerId: string) => call<{ data: BetView }>(SPORTSBOOK_API.cashOut(betId), { method: "POST", body: { offerId } }).then((answer) => answer.data),
  };
}
