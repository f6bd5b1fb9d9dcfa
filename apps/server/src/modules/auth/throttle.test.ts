import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_HOUR, lockDurationMs, STREAK_MAX_LOCK_MS } from "./throttle.ts";

const MINUTE = 60_000;
const start = new Date("2030-01-01T10:00:00Z");
const tenMinutesLater = new Date(start.getTime() + 10 * MINUTE);

describe("sign-in lock durations (S2)", () => {
  it("locks a failure streak from the 10th failure on, doubling from 1 minute up to 15 minutes", () => {
    const locks = [9, 10, 11, 12, 13, 14, 15, 40].map((failures) => lockDurationMs("streak", failures, start, tenMinutesLater) / MINUTE);
    expect(locks).toEqual([0, 1, 2, 4, 8, 15, 15, 15]);
    expect(lockDurationMs("streak", 10_000, start, tenMinutesLater)).toBe(STREAK_MAX_LOCK_MS);
  });

  it("locks an account or an address for the rest of the hour once the hourly cap is reached", () => {
    expect(lockDurationMs("account", ACCOUNT_FAILURES_PER_HOUR - 1, start, tenMinutesLater)).toBe(0);
    expect(lockDurationMs("account", ACCOUNT_FAILURES_PER_HOUR, start, tenMinutesLater)).toBe(50 * MINUTE);
    expect(lockDurationMs("ip", IP_FAILURES_PER_HOUR, start, tenMinutesLater)).toBe(50 * MINUTE);
  });
});
