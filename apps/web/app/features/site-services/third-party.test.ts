// @vitest-environment happy-dom
import { NO_SITE_INTEGRATIONS, type SiteIntegrations } from "@playfair/contracts/web-services";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadThirdPartyScripts, thirdPartyScripts } from "./third-party.ts";

const NONE: SiteIntegrations = NO_SITE_INTEGRATIONS;

afterEach(() => {
  document.head.replaceChildren();
  vi.restoreAllMocks();
});

describe("third-party scripts", () => {
  it("are not loaded, and nothing is logged, when nothing is configured", () => {
    const info = vi.spyOn(console, "info");
    const warn = vi.spyOn(console, "warn");
    loadThirdPartyScripts(NONE);
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(info).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("load each configured script once, async", () => {
    vi.spyOn(HTMLScriptElement.prototype, "src", "set").mockImplementation(function (this: HTMLScriptElement, value: string) {
      // Keep the address without letting the test environment fetch it.
      this.setAttribute("data-src", value);
    });
    const integrations = { ...NONE, tagManagerId: "http://127.0.0.1:9/gtm.js?id=GTM-TEST", sessionRecordingUrl: "http://127.0.0.1:9/rec.js", chatHost: "http://127.0.0.1:9/chat.js", chatToken: "t0k" };
    loadThirdPartyScripts(integrations);
    loadThirdPartyScripts(integrations);
    const scripts = [...document.querySelectorAll("script")];
    expect(scripts.map((script) => [script.dataset.integration, script.getAttribute("data-src"), script.async])).toEqual([
      ["tag-manager", "http://127.0.0.1:9/gtm.js?id=GTM-TEST", true],
      ["session-recording", "http://127.0.0.1:9/rec.js", true],
      ["chat", "http://127.0.0.1:9/chat.js?token=t0k", true],
    ]);
  });

  it("skip settings that are not script URLs, with a configuration hint", () => {
    expect(thirdPartyScripts({ ...NONE, tagManagerId: "GTM-TEST", metricsId: "javascript:alert(1)" })).toEqual({ scripts: [], unusable: ["TAG_MANAGER_ID", "METRICS_ID"] });
    expect(thirdPartyScripts({ ...NONE, chatHost: "http://127.0.0.1:9/chat.js" }).scripts).toEqual([]);
  });
});
