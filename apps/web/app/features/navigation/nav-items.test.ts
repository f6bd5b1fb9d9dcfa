import { describe, expect, it } from "vitest";
import { BONUSES, CASINO, DRAWER_SECTIONS, DRAWER_TILES, HOME, isNavItemActive, QUESTIONS } from "./nav-items.tsx";

describe("isNavItemActive", () => {
  it("marks home only on the site root", () => {
    expect(isNavItemActive(HOME, "/")).toBe(true);
    expect(isNavItemActive(HOME, "/games")).toBe(false);
  });

  it("marks a section on its path, below it and on its related paths", () => {
    expect(isNavItemActive(CASINO, "/games")).toBe(true);
    expect(isNavItemActive(CASINO, "/games/")).toBe(true);
    expect(isNavItemActive(CASINO, "/games/providers")).toBe(true);
    expect(isNavItemActive(CASINO, "/game/starburst")).toBe(true);
    expect(isNavItemActive(BONUSES, "/bonus/weekend-reload")).toBe(true);
    expect(isNavItemActive(QUESTIONS, "/questions/how-to-deposit")).toBe(true);
  });

  it("does not mistake a longer path for a section", () => {
    expect(isNavItemActive(CASINO, "/gamesroom")).toBe(false);
    expect(isNavItemActive(BONUSES, "/profile/bonuses")).toBe(false);
  });
});

describe("drawer entries", () => {
  it("reach every main section and the help pages exactly once", () => {
    const paths = [...DRAWER_TILES, ...DRAWER_SECTIONS.flatMap((section) => section.items)].map((item) => item.to);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/games",
        "/sport",
        "/bonuses",
        "/welcome-package",
        "/favorites",
        "/recently-played",
        "/referral",
        "/questions",
        "/support",
        "/contact",
      ]),
    );
  });
});
