import { describe, expect, it } from "vitest";
import { swipeCloses } from "./swipe-to-close.ts";

describe("swipeCloses", () => {
  it("closes a sheet dragged beyond 10% of its size, however slowly", () => {
    expect(swipeCloses({ distance: 61, size: 600, durationMs: 2000 })).toBe(true);
    expect(swipeCloses({ distance: 60, size: 600, durationMs: 2000 })).toBe(true);
  });

  it("keeps a sheet dragged less than 10% slowly", () => {
    expect(swipeCloses({ distance: 59, size: 600, durationMs: 301 })).toBe(false);
  });

  it("closes on a short flick within 300 ms", () => {
    expect(swipeCloses({ distance: 30, size: 600, durationMs: 300 })).toBe(true);
    expect(swipeCloses({ distance: 30, size: 600, durationMs: 301 })).toBe(false);
  });

  it("ignores taps and drags the other way", () => {
    expect(swipeCloses({ distance: 2, size: 600, durationMs: 80 })).toBe(false);
    expect(swipeCloses({ distance: -200, size: 600, durationMs: 80 })).toBe(false);
  });
});
