import { describe, expect, it } from "vitest";
import { describeDevice } from "./device.ts";

describe("describeDevice", () => {
  it("names device type, browser and system from the user agent", () => {
    expect(describeDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toEqual({
      device: "mobile",
      browser: "Mobile Safari 17",
      os: "iOS 17.5",
    });
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36")).toEqual({
      device: "desktop",
      browser: "Chrome 140",
      os: "Windows 10",
    });
  });

  it("falls back to desktop without details for missing or unknown agents", () => {
    expect(describeDevice(undefined)).toEqual({ device: "desktop", browser: null, os: null });
    expect(describeDevice("curl/8.0")).toMatchObject({ device: "desktop" });
  });
});
