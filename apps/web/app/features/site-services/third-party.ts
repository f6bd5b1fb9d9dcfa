// Third-party scripts (spec 7): tag manager, web metrics, session recording and the chat widget.
// Each loads only when the operator configured it, after the page has loaded and the browser is
// idle, as an async script: it never blocks rendering, and with nothing configured nothing is
// requested and nothing is logged. This module itself is downloaded only when something is
// configured (site-services.tsx).
//
// No vendor host is built into the site. Every integration is configured with the full URL of
// its script (a vendor's or a first-party proxy's), e.g. TAG_MANAGER_ID=https://tags.example.com/gtm.js?id=GTM-XXXX.
// A bare id (not a URL) cannot be turned into a script address, so it is reported once on the
// console as a configuration hint and skipped. The captcha script is not loaded site-wide: the
// forms that need it load it when they open, using the site key.
import type { SiteIntegrations } from "@playfair/contracts/web-services";

export type ThirdPartyScript = {
  /** Which integration the script belongs to (also its data-integration attribute). */
  integration: "tag-manager" | "metrics" | "session-recording" | "chat";
  src: string;
};

function scriptUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** The scripts the configuration asks for, plus hints about settings that cannot be used. */
export function thirdPartyScripts(integrations: SiteIntegrations): { scripts: ThirdPartyScript[]; unusable: string[] } {
  const scripts: ThirdPartyScript[] = [];
  const unusable: string[] = [];
  const add = (integration: ThirdPartyScript["integration"], setting: string, value: string | null, url: URL | null) => {
    if (!value) return;
    if (url) scripts.push({ integration, src: url.href });
    else unusable.push(setting);
  };
  add("tag-manager", "TAG_MANAGER_ID", integrations.tagManagerId, scriptUrl(integrations.tagManagerId));
  add("metrics", "METRICS_ID", integrations.metricsId, scriptUrl(integrations.metricsId));
  add("session-recording", "SESSION_RECORDING_URL", integrations.sessionRecordingUrl, scriptUrl(integrations.sessionRecordingUrl));
  if (integrations.chatHost && integrations.chatToken) {
    const chat = scriptUrl(integrations.chatHost);
    chat?.searchParams.set("token", integrations.chatToken);
    add("chat", "CHAT_HOST", integrations.chatHost, chat);
  }
  return { scripts, unusable };
}

/** Appends the configured scripts once (a script already on the page is not added twice). */
export function loadThirdPartyScripts(integrations: SiteIntegrations): void {
  const { scripts, unusable } = thirdPartyScripts(integrations);
  if (unusable.length > 0) {
    console.info(`Third-party integrations not loaded, their settings are not script URLs: ${unusable.join(", ")}`);
  }
  if (scripts.length > 0) {
    // The tag manager reads its start time from the data layer it shares with analytics.ts.
    window.dataLayer ??= [];
    if (scripts.some((script) => script.integration === "tag-manager")) window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  }
  for (const { integration, src } of scripts) {
    if (document.querySelector(`script[data-integration="${integration}"]`)) continue;
    const element = document.createElement("script");
    element.async = true;
    element.src = src;
    element.dataset.integration = integration;
    element.addEventListener("error", () => console.warn(`The ${integration} script could not be loaded`), { once: true });
    document.head.append(element);
  }
}
