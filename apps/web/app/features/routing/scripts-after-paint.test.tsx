// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferModuleStart, HERO_PAINT_GRACE_MS, PAINT_WAIT_LIMIT_MS, startAfterPaintScript } from "./scripts-after-paint.tsx";

const MODULE_CODE = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const PRELOADS = ["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js"];

/** The shape <Scripts> renders on the server: links, then a fragment with its two scripts. */
function scriptsOutput(moduleCode = MODULE_CODE) {
  return (
    <>
      {PRELOADS.map((href) => (
        <link key={href} rel="modulepreload" href={href} suppressHydrationWarning />
      ))}
      <>
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "window.__context = 1;" }} />
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: moduleCode }} type="module" async />
      </>
    </>
  );
}

describe("deferModuleStart", () => {
  it("drops the module preloads and turns the module script into a classic one that starts them", () => {
    const html = renderToStaticMarkup(deferModuleStart(scriptsOutput()));
    expect(html).not.toContain("<link");
    expect(html).not.toMatch(/<script[^>]*(?:type|async)/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toBe("window.__context = 1;");
    expect(scripts[1]).toBe(startAfterPaintScript(MODULE_CODE, PRELOADS));
  });

  it("leaves nothing to render when <Scripts> renders nothing (after hydration)", () => {
    expect(deferModuleStart(null)).toBeNull();
  });

  it("keeps the module text from closing the inline script early", () => {
    const html = renderToStaticMarkup(deferModuleStart(scriptsOutput('window.x = "</script><b>";')));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });
});

type ObserverCallback = (list: { getEntries(): { element?: Element }[] }, observer: { disconnect(): void }) => void;

describe("startAfterPaintScript", () => {
  let observers: ObserverCallback[];
  const disconnect = vi.fn();

  function installPerformanceObserver(supportedEntryTypes: string[]) {
    observers = [];
    const FakeObserver = Object.assign(
      function (this: unknown, callback: ObserverCallback) {
        observers.push(callback);
        return { observe: () => {}, disconnect };
      },
      { supportedEntryTypes },
    );
    vi.stubGlobal("PerformanceObserver", FakeObserver);
  }
  const report = (...elements: (Element | undefined)[]) => {
    for (const callback of observers) callback({ getEntries: () => elements.map((element) => ({ element })) }, { disconnect });
  };
  const run = (moduleCode = "window.__started = (window.__started ?? 0) + 1;") => new Function(startAfterPaintScript(moduleCode, PRELOADS))();
  const moduleScripts = () => document.querySelectorAll('script[type="module"]');
  const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    installPerformanceObserver(["paint", "largest-contentful-paint"]);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits for the first largest-contentful-paint entry, then preloads and starts the modules once", () => {
    run();
    expect(moduleScripts()).toHaveLength(0);
    report(document.createElement("h1"));
    expect(preloads()).toEqual(PRELOADS);
    expect(moduleScripts()).toHaveLength(1);
    expect(moduleScripts()[0]?.textContent).toContain("window.__started");
    report(document.createElement("p"));
    vi.advanceTimersByTime(PAINT_WAIT_LIMIT_MS);
    expect(moduleScripts()).toHaveLength(1);
  });

  it("with a hero image, waits for its own entry, or for a grace period after it loaded", () => {
    document.body.innerHTML = '<h1>Title</h1><img fetchpriority="high" src="/art/hero.svg">';
    const hero = document.querySelector("img")!;
    Object.defineProperty(hero, "complete", { value: false });
    run();
    report(document.querySelector("h1")!);
    expect(moduleScripts()).toHaveLength(0);
    report(hero);
    expect(moduleScripts()).toHaveLength(1);

    document.head.innerHTML = "";
    document.body.innerHTML = '<img fetchpriority="high" src="/art/hero.svg">';
    const other = document.querySelector("img")!;
    Object.defineProperty(other, "complete", { value: false });
    run();
    other.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(HERO_PAINT_GRACE_MS - 1);
    expect(moduleScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(moduleScripts()).toHaveLength(1);
  });

  it("gives the module script and its preloads the nonce of the script that starts them", () => {
    const starter = document.createElement("script");
    starter.nonce = "r4nd0m";
    vi.spyOn(document, "currentScript", "get").mockReturnValue(starter);
    run();
    report(document.createElement("h1"));
    expect(moduleScripts()).toHaveLength(1);
    expect((moduleScripts()[0] as HTMLScriptElement).nonce).toBe("r4nd0m");
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links).toHaveLength(PRELOADS.length);
    expect(links.every((link) => link.nonce === "r4nd0m")).toBe(true);
  });

  it("starts at once on a hidden page", () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    run();
    expect(moduleScripts()).toHaveLength(1);
  });

  it("starts after the next frame where LCP cannot be observed, and after the time limit at the latest", () => {
    installPerformanceObserver(["paint"]);
    run();
    expect(moduleScripts()).toHaveLength(0);
    vi.advanceTimersByTime(100);
    expect(moduleScripts()).toHaveLength(1);

    document.body.innerHTML = "";
    installPerformanceObserver(["paint", "largest-contentful-paint"]);
    run();
    vi.advanceTimersByTime(PAINT_WAIT_LIMIT_MS - 1);
    expect(moduleScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(moduleScripts()).toHaveLength(1);
  });
});
