// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configurePixel, depositPixelFor, firePixel, PIXEL_ACTION_IDS, PIXEL_CLIENT_CODES, pixelEventsFor, trackEvent } from "./analytics.ts";
import { pixelRequestUrl } from "./pixel-request.ts";

beforeEach(() => {
  window.dataLayer = [];
  configurePixel(null);
});
afterEach(() => vi.restoreAllMocks());

describe("pixel tables (spec 9)", () => {
  it("has the spec's action ids and client codes", () => {
    expect(PIXEL_ACTION_IDS).toEqual({ visit: 80, regfin: 81, regnotfin: 82, ftd: 83, bet: 88, bet30: 90, deposit: 89, dep2: 84, dep3: 85, dep4: 86, dep5plus: 87 });
    expect(PIXEL_CLIENT_CODES).toEqual({ regfin: 1, ftd: 2, bet: 3, deposit: 4, visit: 5, dep2: 6, dep3: 7, dep4: 8, dep5plus: 9, regnotfin: 14 });
  });

  it("derives deposit from ftd and dep2..dep5plus, and bet30 from bet", () => {
    for (const name of ["ftd", "dep2", "dep3", "dep4", "dep5plus"] as const) expect(pixelEventsFor(name)).toEqual([name, "deposit"]);
    expect(pixelEventsFor("bet")).toEqual(["bet", "bet30"]);
    expect(pixelEventsFor("visit")).toEqual(["visit"]);
    expect(pixelEventsFor("deposit")).toEqual(["deposit"]);
  });

  it("maps deposit counts 1..4 to first..fourth and above 4 to fifth-plus", () => {
    expect(depositPixelFor(1)).toEqual({ eventName: "first-deposit", pixel: "ftd" });
    expect(depositPixelFor(2)).toEqual({ eventName: "second-deposit", pixel: "dep2" });
    expect(depositPixelFor(3)).toEqual({ eventName: "third-deposit", pixel: "dep3" });
    expect(depositPixelFor(4)).toEqual({ eventName: "fourth-deposit", pixel: "dep4" });
    expect(depositPixelFor(5)).toEqual({ eventName: "fifth-plus-deposit", pixel: "dep5plus" });
    expect(depositPixelFor(42)?.eventName).toBe("fifth-plus-deposit");
    expect(depositPixelFor(0)).toBeNull();
    expect(depositPixelFor(1.5)).toBeNull();
  });
});

describe("data layer", () => {
  it("carries the user id and the e-mail, or the phone when there is no e-mail", () => {
    trackEvent("login", { id: "p1", email: "a@b.example", phone: "+100" });
    trackEvent("sign_up", { id: "p2", phone: "+200" });
    trackEvent("session_start");
    expect(window.dataLayer).toEqual([
      { event: "login", user_id: "p1", email: "a@b.example" },
      { event: "sign_up", user_id: "p2", phone: "+200" },
      { event: "session_start" },
    ]);
  });

  it("pushes pixel_<name> events with action id and client code, derived ones included", () => {
    firePixel("ftd", { id: "p1" });
    expect(window.dataLayer).toEqual([
      { event: "pixel_ftd", pixel_action_id: 83, pixel_client_code: 2, user_id: "p1" },
      { event: "pixel_deposit", pixel_action_id: 89, pixel_client_code: 4, user_id: "p1" },
    ]);
    firePixel("bet");
    expect(window.dataLayer?.slice(2)).toEqual([
      { event: "pixel_bet", pixel_action_id: 88, pixel_client_code: 3 },
      { event: "pixel_bet30", pixel_action_id: 90, pixel_client_code: null },
    ]);
  });

  it("logs an error for a pixel action that does not exist and sends nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    firePixel("jackpot");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("Pixel action is missing"));
    expect(window.dataLayer).toEqual([]);
  });
});

describe("pixel requests", () => {
  it("are not made without a configured endpoint", async () => {
    const created = vi.spyOn(window, "Image");
    firePixel("visit");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(created).not.toHaveBeenCalled();
    expect(window.dataLayer).toHaveLength(1);
  });

  it("go to the configured endpoint with action id, client code and device data", () => {
    const url = new URL(pixelRequestUrl("http://127.0.0.1:9/pixel?site=1", "regfin", { screen: "360x800", tz: "UTC" }, 5) ?? "");
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:9/pixel");
    expect(Object.fromEntries(url.searchParams)).toEqual({ site: "1", action_id: "81", client_code: "1", screen: "360x800", tz: "UTC", ts: "5" });
    expect(new URL(pixelRequestUrl("http://127.0.0.1:9/p", "bet30", {}) ?? "").searchParams.has("client_code")).toBe(false);
    expect(pixelRequestUrl("javascript:alert(1)", "visit", {})).toBeNull();
  });

  it("log 'Failed to Load Pixel' when the image fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const images: HTMLImageElement[] = [];
    const RealImage = window.Image;
    vi.spyOn(window, "Image").mockImplementation(function (this: unknown, width?: number, height?: number) {
      const image = new RealImage(width, height);
      images.push(image);
      return image;
    } as unknown as typeof Image);
    configurePixel("http://127.0.0.1:9/pixel");
    firePixel("visit");
    await vi.waitFor(() => expect(images).toHaveLength(1));
    expect(images[0]?.src).toContain("action_id=80");
    images[0]?.dispatchEvent(new Event("error"));
    expect(warn).toHaveBeenCalledWith("Failed to Load Pixel", "visit");
  });
});
