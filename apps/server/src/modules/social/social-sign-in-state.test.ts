import { describe, expect, it } from "vitest";
import { callbackLanguage } from "./social-sign-in-state.ts";

const SITE = "https://play.example";

describe("callbackLanguage (redirect URIs of social sign-in)", () => {
  it("accepts the site's own callback for the provider, with or without a language prefix", () => {
    expect(callbackLanguage(`${SITE}/auth/social/google/callback`, SITE, "google")).toBe("en");
    expect(callbackLanguage(`${SITE}/de/auth/social/google/callback`, SITE, "google")).toBe("de");
    expect(callbackLanguage(`${SITE}/pt-br/auth/social/google/callback`, `${SITE}/`, "google")).toBe("pt-br");
  });

  it.each([
    ["another origin", "https://evil.example/auth/social/google/callback"],
    ["another scheme", "http://play.example/auth/social/google/callback"],
    ["another port", "https://play.example:8443/auth/social/google/callback"],
    ["a look-alike host", "https://play.example.evil.example/auth/social/google/callback"],
    ["credentials", "https://user:pw@play.example/auth/social/google/callback"],
    ["another provider", `${SITE}/auth/social/other/callback`],
    ["a query", `${SITE}/auth/social/google/callback?x=1`],
    ["a fragment", `${SITE}/auth/social/google/callback#x`],
    ["an empty fragment", `${SITE}/auth/social/google/callback#`],
    ["an empty query", `${SITE}/auth/social/google/callback?`],
    ["an unsupported language", `${SITE}/xx/auth/social/google/callback`],
    ["another path", `${SITE}/auth/social/google/callback/more`],
    ["a dot segment", `${SITE}/de/../auth/social/google/callback`],
    ["a non-canonical spelling", "HTTPS://play.example/auth/social/google/callback"],
    ["not a URL", "/auth/social/google/callback"],
    ["javascript", "javascript:alert(1)"],
  ])("refuses %s", (_case, redirectUri) => {
    expect(callbackLanguage(redirectUri, SITE, "google")).toBeNull();
  });
});
