// Loads the sportsbook widget's bundle (apps/sportsbook, served by our server under /sportsbook/)
// the way a third-party script is loaded: its manifest names the current script and stylesheet,
// which go into the page once. The site's own bundles never contain it (ADR 035).
import {
  SPORTSBOOK_ASSET_PREFIX,
  SPORTSBOOK_MANIFEST_PATH,
  type PlayfairSportsbookApi,
  type SportsbookManifest,
} from "@playfair/contracts/sport/sportsbook-widget";

export type SportsbookApi = PlayfairSportsbookApi<HTMLElement>;

declare global {
  interface Window {
    PlayfairSportsbook?: SportsbookApi;
  }
}

let loading: Promise<SportsbookApi> | null = null;

function isManifest(value: unknown): value is SportsbookManifest {
  const file = /^[\w.-]+$/;
  if (typeof value !== "object" || value === null) return false;
  const { script, stylesheet } = value as Record<string, unknown>;
  return typeof script === "string" && typeof stylesheet === "string" && file.test(script) && file.test(stylesheet);
}

function appendOnce<T extends HTMLElement>(selector: string, create: () => T): Promise<void> {
  if (document.head.querySelector(selector)) return Promise.resolve();
  const element = create();
  return new Promise((resolve, reject) => {
    element.addEventListener("load", () => resolve(), { once: true });
    element.addEventListener("error", () => reject(new Error(`The sportsbook file did not load: ${selector}`)), { once: true });
    document.head.append(element);
  });
}

async function loadFiles(): Promise<SportsbookApi> {
  const response = await fetch(SPORTSBOOK_MANIFEST_PATH, { credentials: "omit" });
  const manifest: unknown = response.ok ? await response.json() : null;
  if (!isManifest(manifest)) throw new Error(`The sportsbook manifest is missing or malformed (${response.status})`);
  const scriptUrl = `${SPORTSBOOK_ASSET_PREFIX}${manifest.script}`;
  const stylesheetUrl = `${SPORTSBOOK_ASSET_PREFIX}${manifest.stylesheet}`;
  await Promise.all([
    appendOnce(`link[href="${stylesheetUrl}"]`, () => Object.assign(document.createElement("link"), { rel: "stylesheet", href: stylesheetUrl })),
    appendOnce(`script[src="${scriptUrl}"]`, () => Object.assign(document.createElement("script"), { type: "module", src: scriptUrl })),
  ]);
  if (!window.PlayfairSportsbook) throw new Error("The sportsbook script loaded without its API");
  return window.PlayfairSportsbook;
}

/** The widget's API, loading its files first when the page does not have them yet (spec 4: "load the sportsbook script if missing"). */
export function loadSportsbookScript(): Promise<SportsbookApi> {
  if (window.PlayfairSportsbook) return Promise.resolve(window.PlayfairSportsbook);
  loading ??= loadFiles().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
