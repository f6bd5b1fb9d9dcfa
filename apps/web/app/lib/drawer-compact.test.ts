// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import {
  DRAWER_COMPACT_ATTRIBUTE,
  DRAWER_COMPACT_INIT_SCRIPT,
  DRAWER_COMPACT_STORAGE_KEY,
  readDrawerCompact,
  setDrawerCompact,
} from "./drawer-compact.ts";

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(DRAWER_COMPACT_ATTRIBUTE);
});

describe("drawer compact mode", () => {
  it("is remembered in localStorage under drawerCompact and mirrored on <html>", () => {
    expect(readDrawerCompact()).toBe(false);
    setDrawerCompact(true);
    expect(localStorage.getItem("drawerCompact")).toBe("true");
    expect(document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE)).toBe(true);
    expect(readDrawerCompact()).toBe(true);

    setDrawerCompact(false);
    expect(localStorage.getItem("drawerCompact")).toBe("false");
    expect(document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE)).toBe(false);
  });

  it("announces changes to subscribers in the same tab", () => {
    let changes = 0;
    window.addEventListener("playfair-drawer-compact-change", () => changes++);
    setDrawerCompact(true);
    expect(changes).toBe(1);
  });

  it("is applied by the inline script before the page renders", () => {
    localStorage.setItem(DRAWER_COMPACT_STORAGE_KEY, "true");
    new Function(DRAWER_COMPACT_INIT_SCRIPT)();
    expect(document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE)).toBe(true);
  });

  it("leaves the drawer expanded when nothing or false is stored", () => {
    new Function(DRAWER_COMPACT_INIT_SCRIPT)();
    expect(document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE)).toBe(false);
    localStorage.setItem(DRAWER_COMPACT_STORAGE_KEY, "false");
    new Function(DRAWER_COMPACT_INIT_SCRIPT)();
    expect(document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE)).toBe(false);
  });
});
