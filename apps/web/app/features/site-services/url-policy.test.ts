import { describe, expect, it } from "vitest";
import { resolveNavigationTarget } from "./url-policy.ts";

describe("navigation URL policy (spec 8)", () => {
  it("navigates to site paths, keeping the locale prefix", () => {
    expect(resolveNavigationTarget("/games?x=1#top", { language: "en" })).toEqual({ kind: "internal", path: "/games?x=1#top" });
    expect(resolveNavigationTarget("/games", { language: "de" })).toEqual({ kind: "internal", path: "/de/games" });
    expect(resolveNavigationTarget("/de/games", { language: "de" })).toEqual({ kind: "internal", path: "/de/games" });
    expect(resolveNavigationTarget("/", { language: "pt-br" })).toEqual({ kind: "internal", path: "/pt-br" });
  });

  it("refuses external addresses unless the external option is given", () => {
    expect(resolveNavigationTarget("https://elsewhere.example/x", { language: "en" })).toMatchObject({ kind: "error", reason: "external-not-allowed" });
    expect(resolveNavigationTarget("//elsewhere.example/x", { language: "en" })).toMatchObject({ kind: "error", reason: "external-not-allowed" });
    expect(resolveNavigationTarget("https://elsewhere.example/x", { language: "en", external: true })).toEqual({ kind: "external", url: "https://elsewhere.example/x" });
  });

  it("never treats backslash or tab tricks as site paths", () => {
    expect(resolveNavigationTarget("/\\elsewhere.example", { language: "en" }).kind).toBe("error");
    expect(resolveNavigationTarget("/\t/elsewhere.example", { language: "en" }).kind).toBe("error");
  });

  it("fails javascript:, data: and vbscript: with the spec's message, even with the external option", () => {
    for (const [target, protocol] of [
      ["javascript:alert(1)", "javascript"],
      ["JavaScript:alert(1)", "javascript"],
      [" java\tscript:alert(1)", "javascript"],
      ["data:text/html,<b>x</b>", "data"],
      ["vbscript:msgbox", "vbscript"],
    ] as const) {
      expect(resolveNavigationTarget(target, { language: "en", external: true })).toEqual({
        kind: "error",
        reason: "disallowed-protocol",
        protocol,
        message: `Cannot navigate to a URL with ${protocol} protocol`,
      });
    }
    expect(resolveNavigationTarget("ftp://files.example/x", { language: "en", external: true })).toMatchObject({ message: "Cannot navigate to a URL with ftp protocol" });
  });

  it("reports a missing or unusable target", () => {
    expect(resolveNavigationTarget(null, { language: "en" })).toMatchObject({ kind: "error", reason: "missing" });
    expect(resolveNavigationTarget("  ", { language: "en" })).toMatchObject({ kind: "error", reason: "missing" });
    expect(resolveNavigationTarget("games", { language: "en", external: true })).toMatchObject({ kind: "error", reason: "invalid" });
  });
});
