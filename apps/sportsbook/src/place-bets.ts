import type { BetView, PlaceBetRequest } from "@playfair/contracts/sport/bets";
import { SportsbookApiError, type SportsbookApi } from "./api.ts";
import type { SlipState, PlacementState } from "./slip-store.ts";

/** How often and how long a pending live bet is asked about (the server holds it for its live delay). */
export const PENDING_POLL_MS = 1_000;
export const PENDING_POLL_LIMIT = 30;

type Options = { currency: string; newKey?: () => string; sleep?: (ms: number) => Promise<void>; onPending?: () => void };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The requests one press of "Place bet" sends: one per selection for singles, one for a multiple or a system. */
export function betRequests(slip: Pick<SlipState, "selections" | "kind" | "stake" | "oddsPolicy">, currency: string, newKey: () => string): PlaceBetRequest[] {
  const selectionOf = (selection: SlipState["selections"][number]) => ({
    eventId: selection.eventId,
    marketKey: selection.marketKey,
    outcomeId: selection.outcomeId,
    odds: selection.odds,
    marketVersion: selection.marketVersion,
  });
  const base = { currency, stake: slip.stake, oddsPolicy: slip.oddsPolicy };
  if (slip.kind.kind === "single") return slip.selections.map((selection) => ({ ...base, idempotencyKey: newKey(), kind: "single", selections: [selectionOf(selection)] }));
  return [
    {
      ...base,
      idempotencyKey: newKey(),
      kind: slip.kind.kind,
      ...(slip.kind.kind === "system" ? { systemSize: slip.kind.systemSize ?? 2 } : {}),
      selections: slip.selections.map(selectionOf),
    },
  ];
}

async function decided(api: SportsbookApi, bet: BetView, sleep: (ms: number) => Promise<void>): Promise<BetView> {
  let current = bet;
  for (let poll = 0; current.status === "pending" && poll < PENDING_POLL_LIMIT; poll++) {
    await sleep(PENDING_POLL_MS);
    current = await api.bet(current.id);
  }
  return current;
}

/**
 * Places the slip and follows each bet until it is decided: accepted (pre-match at once, live after
 * the live delay) or rejected with its reason. Each press has its own idempotency keys, so the
 * server answers a repeated request of one press with the same bet (L4).
 */
export async function placeSlip(api: SportsbookApi, slip: Pick<SlipState, "selections" | "kind" | "stake" | "oddsPolicy">, options: Options): Promise<PlacementState> {
  const sleep = options.sleep ?? wait;
  const requests = betRequests(slip, options.currency, options.newKey ?? (() => crypto.randomUUID()));
  try {
    const placed = await Promise.all(requests.map((request) => api.placeBet(request)));
    if (placed.some((bet) => bet.status === "pending")) options.onPending?.();
    const final = await Promise.all(placed.map((bet) => decided(api, bet, sleep)));
    const rejected = final.find((bet) => bet.status === "rejected");
    if (rejected) return { phase: "rejected", reason: rejected.rejectReason };
    if (final.some((bet) => bet.status === "pending")) return { phase: "pending" };
    return { phase: "accepted" };
  } catch (error) {
    if (error instanceof SportsbookApiError && error.reason) return { phase: "rejected", reason: error.reason };
    console.warn("The bet could not be placed", error);
    return { phase: "failed" };
  }
}
