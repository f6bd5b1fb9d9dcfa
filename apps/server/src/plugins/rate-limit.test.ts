import { describe, expect, it } from "vitest";
import { createRequestBudget } from "./rate-limit.ts";

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("request budget", () => {
  it("lets a client make max requests per window, then tells how long to wait", () => {
    const time = clock();
    const budget = createRequestBudget({ max: 3, windowMs: 60_000, now: time.now });
    expect([budget.take("a"), budget.take("a"), budget.take("a")]).toEqual([0, 0, 0]);
    expect(budget.take("a")).toBe(60);
    time.advance(45_500);
    expect(budget.take("a")).toBe(15);
    // Another client has its own budget.
    expect(budget.take("b")).toBe(0);
  });

  it("gives a full budget again when the window is over", () => {
    const time = clock();
    const budget = createRequestBudget({ max: 1, windowMs: 1_000, now: time.now });
    expect(budget.take("a")).toBe(0);
    expect(budget.take("a")).toBe(1);
    time.advance(1_000);
    expect(budget.take("a")).toBe(0);
    expect(budget.take("a")).toBe(1);
  });

  it("forgets expired windows and never tracks more clients than allowed", () => {
    const time = clock();
    const budget = createRequestBudget({ max: 1, windowMs: 1_000, now: time.now, maxClients: 3 });
    budget.take("a");
    time.advance(600);
    budget.take("b");
    budget.take("c");
    time.advance(500);
    // "a" has expired: it makes room for "d" without touching the live windows.
    budget.take("d");
    expect(budget.trackedClients).toBe(3);
    expect(budget.take("b")).toBe(1);
    // All live: the oldest window ("b") is the one forgotten.
    budget.take("e");
    expect(budget.trackedClients).toBe(3);
    expect(budget.take("c")).toBe(1);
    time.advance(1_000);
    budget.forgetExpired();
    expect(budget.trackedClients).toBe(0);
  });
});
