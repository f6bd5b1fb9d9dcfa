// The originals' calls (ADR 021), typed by the play contracts: rounds and their steps for the
// launched session (guests too, for demo sessions), the player's seeds and game recall.
import type { Round, RoundActionRequest, SeedGame, SeedState } from "@playfair/contracts/game/play";
import { apiRequest } from "#app/lib/api-client.ts";

export type RoundAnswer = { data: Round; balance: string };

const path = (value: string) => encodeURIComponent(value);

/** Places a round; the idempotency key makes a retried click one round, never two (L4). */
export function placeRound(sessionId: string, body: { amount: string; params: Record<string, unknown>; freespinId?: string }, idempotencyKey: string): Promise<RoundAnswer> {
  return apiRequest<RoundAnswer>(`/api/game/originals/${path(sessionId)}/rounds`, { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** The round left open in this game (a reload in the middle of a mines board), or null. */
export function fetchOpenRound(sessionId: string, signal?: AbortSignal): Promise<{ data: Round | null; balance: string | null }> {
  return apiRequest<{ data: Round | null; balance: string | null }>(`/api/game/originals/${path(sessionId)}/open-round`, { signal });
}

export function actOnRound(sessionId: string, roundId: string, action: RoundActionRequest): Promise<RoundAnswer> {
  return apiRequest<RoundAnswer>(`/api/game/originals/${path(sessionId)}/rounds/${path(roundId)}/actions`, { method: "POST", body: action });
}

export function fetchSeeds(signal?: AbortSignal): Promise<SeedState[]> {
  return apiRequest<{ data: SeedState[] }>("/api/game/fairness/seeds", { auth: "required", signal }).then((answer) => answer.data);
}

export function setClientSeed(game: SeedGame, clientSeed: string): Promise<SeedState> {
  return apiRequest<{ data: SeedState }>("/api/game/fairness/client-seed", { auth: "required", method: "PUT", body: { game, clientSeed } }).then((answer) => answer.data);
}

export function rotateSeed(game: SeedGame, clientSeed?: string): Promise<SeedState> {
  return apiRequest<{ data: SeedState }>("/api/game/fairness/rotate", { auth: "required", method: "POST", body: clientSeed ? { game, clientSeed } : { game } }).then((answer) => answer.data);
}

export function fetchRecall(identity: string, signal?: AbortSignal): Promise<Round[]> {
  return apiRequest<{ data: Round[] }>(`/api/game/originals/${path(identity)}/recall`, { auth: "required", signal }).then((answer) => answer.data);
}

export const originalsKeys = {
  seeds: (playerId: string) => ["game", "fairness", "seeds", playerId] as const,
  recall: (playerId: string, identity: string) => ["game", "recall", playerId, identity] as const,
};
