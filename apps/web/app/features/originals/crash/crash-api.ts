// The shared crash round's calls (ADR 027): its state, the last points, bets and cash-outs with the
// launched session.
import type { CrashBet, CrashRoundRecord } from "@playfair/contracts/game/crash";
import type { CrashStateSchema } from "@playfair/contracts/game/crash";
import type { z } from "zod";
import { apiRequest } from "#app/lib/api-client.ts";

export type CrashState = z.infer<typeof CrashStateSchema>;
export type CrashBetAnswer = { data: CrashBet; balance: string };

const path = (value: string) => encodeURIComponent(value);

export function fetchCrashState(signal?: AbortSignal): Promise<CrashState> {
  return apiRequest<{ data: CrashState }>("/api/game/crash/round", { signal }).then((answer) => answer.data);
}

export function fetchCrashHistory(signal?: AbortSignal): Promise<CrashRoundRecord[]> {
  return apiRequest<{ data: CrashRoundRecord[] }>("/api/game/crash/rounds", { signal, query: { perPage: 12 } }).then((answer) => answer.data);
}

/** Places a bet; the idempotency key makes a retried click one bet, never two (L4). */
export function placeCrashBet(sessionId: string, body: { amount: string; autoCashout?: string }, idempotencyKey: string): Promise<CrashBetAnswer> {
  return apiRequest<CrashBetAnswer>(`/api/game/crash/${path(sessionId)}/bets`, { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });
}

export function cashOutCrashBet(sessionId: string, betId: string): Promise<CrashBetAnswer> {
  return apiRequest<CrashBetAnswer>(`/api/game/crash/${path(sessionId)}/bets/${path(betId)}/cashout`, { method: "POST" });
}

export const crashKeys = {
  state: ["game", "crash", "state"] as const,
  history: ["game", "crash", "history"] as const,
};
