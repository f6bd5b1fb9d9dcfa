import { describe, expect, it } from "vitest";
import { ACCOUNT_EVENTS_SHOWN, mergeAccountEvents } from "./account-activity.ts";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();

describe("mergeAccountEvents", () => {
  it("merges payments, limits and sign-ins newest first, a finished payment at the time it finished", () => {
    const events = mergeAccountEvents(
      {
        invoices: [
          { id: "d1", type: 1, status: 2, amount: "25.00", currency: "EUR", createdAt: at(5), completedAt: at(1) },
          { id: "w1", type: 2, status: 4, amount: "20.00", currency: "EUR", createdAt: at(3), completedAt: at(3) },
          { id: "d2", type: 1, status: 1, amount: "5.00", currency: "EUR", createdAt: at(4), completedAt: null },
        ],
        limits: [{ id: "l1", definition: 3, amount: "180.00", currency: "EUR", createdAt: at(2), endsAt: null }],
        sessions: [{ id: "s1", device: "desktop", browser: "Chrome", os: "Linux", createdAt: at(6), isCurrent: false }],
      },
      NOW,
    );
    expect(events.map((event) => event.id)).toEqual(["invoice:d1:2", "limit:l1", "invoice:w1:4", "invoice:d2:1", "session:s1"]);
    expect(events[0]).toMatchObject({ kind: "payment", direction: "deposit", status: "success", at: at(1) });
    expect(events[2]).toMatchObject({ direction: "withdrawal", status: "cancelled" });
    expect(events[1]).toMatchObject({ kind: "limit", limit: "deposit", amount: "180.00" });
    expect(events[4]).toMatchObject({ kind: "signIn", device: "Chrome · Linux" });
  });

  it("leaves out events older than 30 days and shows at most a screenful", () => {
    const invoices = Array.from({ length: 12 }, (_, index) => ({
      id: `d${index}`,
      type: 1,
      status: 2,
      amount: "10.00",
      currency: "EUR",
      createdAt: at(index),
      completedAt: null,
    }));
    const old = { id: "old", device: null, browser: null, os: null, createdAt: at(31 * 24), isCurrent: false };
    const events = mergeAccountEvents({ invoices, limits: [], sessions: [old] }, NOW);
    expect(events).toHaveLength(ACCOUNT_EVENTS_SHOWN);
    expect(events.some((event) => event.id === "session:old")).toBe(false);
  });
});
