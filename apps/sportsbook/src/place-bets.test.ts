import { describe, expect, it, vi } from "vitest";
import { SportsbookApiError, type SportsbookApi } from "./api.ts";
import { placeSlip } from "./place-bets.ts";
import type { Selection } from "./slip.ts";
import { betView } from "./test-fixtures.ts";

function selection(eventId: number, odds: string): Selection {
  return { eventId, eventName: `Event ${eventId}`, marketKey: "1|", marketTypeId: 1, specifiers: "", outcomeId: "1", outcomeName: "Home", odds, marketVersion: 3, locked: false };
}

function apiWith(overrides: Partial<SportsbookApi>): SportsbookApi {
  return { placeBet: vi.fn(), bet: vi.fn(), ...overrides } as unknown as SportsbookApi;
}

const NO_WAIT = () => Promise.resolve();
let keys = 0;
const newKey = () => `press-key-${++keys}`;

describe("placing the slip", () => {
  it("sends one bet per selection for singles, each with its own idempotency key", async () => {
    const placeBet = vi.fn((request: { idempotencyKey: string }) => Promise.resolve(betView(request.idempotencyKey)));
    const state = await placeSlip(apiWith({ placeBet }), { selections: [selection(1, "2.10"), selection(2, "1.50")], kind: { kind: "single" }, stake: "5", oddsPolicy: "accept_higher" }, { currency: "EUR", newKey, sleep: NO_WAIT });
    expect(state).toEqual({ phase: "accepted" });
    expect(placeBet).toHaveBeenCalledTimes(2);
    const [first, second] = placeBet.mock.calls.map(([request]) => request);
    expect(first).toMatchObject({ kind: "single", stake: "5", currency: "EUR", oddsPolicy: "accept_higher", selections: [{ eventId: 1, odds: "2.10", marketVersion: 3 }] });
    expect(first?.idempotencyKey).not.toBe(second?.idempotencyKey);
  });

  it("sends a system bet once with its size, and follows a pending live bet until it is decided", async () => {
    const placeBet = vi.fn(() => Promise.resolve(betView("b1", { status: "pending", kind: "system", systemSize: 2 })));
    const bet = vi.fn().mockResolvedValueOnce(betView("b1", { status: "pending" })).mockResolvedValueOnce(betView("b1", { status: "rejected", rejectReason: "oddsChanged" }));
    const onPending = vi.fn();
    const state = await placeSlip(
      apiWith({ placeBet, bet }),
      { selections: [selection(1, "2.10"), selection(2, "1.50"), selection(3, "1.70")], kind: { kind: "system", systemSize: 2 }, stake: "9", oddsPolicy: "none" },
      { currency: "EUR", newKey, sleep: NO_WAIT, onPending },
    );
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ kind: "system", systemSize: 2, stake: "9" }));
    expect(onPending).toHaveBeenCalled();
    expect(bet).toHaveBeenCalledTimes(2);
    expect(state).toEqual({ phase: "rejected", reason: "oddsChanged" });
  });

  it("shows the server's reason when the slip is refused, and a failure otherwise", async () => {
    const refused = apiWith({ placeBet: vi.fn(() => Promise.reject(new SportsbookApiError(422, "BET_REJECTED", "Refused", "insufficientFunds"))) });
    const slip = { selections: [selection(1, "2.10")], kind: { kind: "single" as const }, stake: "5", oddsPolicy: "accept_any" as const };
    expect(await placeSlip(refused, slip, { currency: "EUR", newKey, sleep: NO_WAIT })).toEqual({ phase: "rejected", reason: "insufficientFunds" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = apiWith({ placeBet: vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) });
    expect(await placeSlip(broken, slip, { currency: "EUR", newKey, sleep: NO_WAIT })).toEqual({ phase: "failed" });
  });
});
