import * as auth from "@playfair/contracts/player/auth";
import * as profile from "@playfair/contracts/player/profile";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as keys from "./session-keys.ts";

describe("zod-free session keys", () => {
  it("equal the contracts' constants", () => {
    expect(keys.ACCESS_TOKEN_KEY).toBe(auth.ACCESS_TOKEN_KEY);
    expect(keys.ACCESS_TOKEN_COOKIE_DAYS).toBe(auth.ACCESS_TOKEN_COOKIE_DAYS);
    expect(keys.TOKEN_EXPIRY_MARGIN_MS).toBe(auth.TOKEN_EXPIRY_MARGIN_MS);
    expect(keys.CHANGE_SESSION_KEY).toBe(auth.CHANGE_SESSION_KEY);
    expect(keys.REFRESH_LOCK_KEY).toBe(auth.REFRESH_LOCK_KEY);
    expect(keys.REFRESH_POLL_INTERVAL_MS).toBe(auth.REFRESH_POLL_INTERVAL_MS);
    expect(keys.REFRESH_POLL_ATTEMPTS).toBe(auth.REFRESH_POLL_ATTEMPTS);
    expect(keys.ACCOUNT_BLOCKED_REASONS).toEqual(auth.ACCOUNT_BLOCKED_REASONS);
  });

  it("name players exactly as the contracts do", () => {
    const optional = fc.option(fc.string({ maxLength: 12 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({ nickname: optional, firstName: optional, tgUserId: optional, email: fc.option(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 8 })), { nil: null }) }),
        (names) => keys.displayName(names) === profile.displayName(names),
      ),
    );
    expect(keys.displayName({ nickname: null, firstName: null, tgUserId: null, email: "ab@x.io" })).toBe("a***");
  });
});
