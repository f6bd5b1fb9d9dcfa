import { describe, expect, it } from "vitest";
import { canPrefetch, connectionAllowsPrefetch } from "./network.ts";

describe("link prefetch on slow connections", () => {
  it("is skipped on 2g, slow-2g and with data saver", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("is allowed on faster links and where the browser does not tell", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "3g" })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "4g", saveData: false })).toBe(true);
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    // Node has a navigator without the Network Information API, like Safari and Firefox.
    expect(canPrefetch()).toBe(true);
  });
});
