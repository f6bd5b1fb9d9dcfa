import { describe, expect, it } from "vitest";

describe("zod's browser configuration", () => {
  it("is in force in zod loaded after it, without importing zod first", async () => {
    await import("./zod-browser-config.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
