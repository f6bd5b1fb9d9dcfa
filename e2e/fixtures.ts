// Shared helpers for browser tests against the production build.
import { readFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type englishCatalogue from "../apps/web/app/locales/en/common.json";
import type englishErrors from "../apps/web/app/locales/en/errors.json";

type Fixtures = {
  /** Console errors and uncaught page errors seen so far; a clean page keeps it empty. */
  pageErrors: string[];
  /**
   * Every test fails if a page of its browser context broke the site's Content-Security-Policy:
   * a blocked script, style, image, connection or worker is a feature that silently does not work.
   * A test that provokes one on purpose takes it out of this list.
   */
  cspViolations: string[];
};

export const test = base.extend<Fixtures>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    await use(errors);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__playfairCspViolation", (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __playfairCspViolation?: (violation: string) => void }).__playfairCspViolation;
          report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until React has hydrated it (root sets data-hydrated on <html>). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The modules load and hydrate after the HTML: on a busy 2-core CI machine that can pass the default 5 s.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

/**
 * Waits until the page has loaded and its main thread has gone idle, with the same 3 s ceiling
 * the site gives its own idle-time work: whatever the page scheduled before (effects and the
 * navigations they start, idle-time loaders) has had its turn by then.
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 3_000 });
        else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * Waits until the element and everything inside it have stopped moving: every animation and
 * transition that ends has ended (one cancelled or replaced by another counts as ended, and the
 * new one is waited for too). Endless ones (a spinner) are not waited for.
 */
export async function waitForAnimations(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    const ending = () => element.getAnimations({ subtree: true }).filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let running = ending(); running.length > 0; running = ending()) {
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/**
 * The axe rules whose verdict depends on colours. A theme changes colours only (the design
 * tokens), so these are all a second theme can fail that the first one passed.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Whether every frame of the page is the page's own origin (or a blank frame), so axe reaches them all from the top. */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === "" || url.startsWith("about:") || new URL(url).origin === origin;
  });
}

/** Fails on any serious or critical axe-core violation (WCAG 2.1 A and AA rules plus best practices). */
export async function expectAccessible(page: Page, scope: "all" | "colours" = "all"): Promise<void> {
  const axe = new AxeBuilder({ page });
  // AxeBuilder's default runs axe in every frame and then opens a blank page to merge the results,
  // which took two to three times as long as the scan itself on a busy 2-core machine. Its
  // `axe.run` mode in the page reports the same violations and differs only in not reaching
  // frames of another origin, so it is used whenever there are none.
  if (framesShareOrigin(page)) axe.setLegacyMode();
  if (scope === "colours") axe.withRules(COLOUR_RULES);
  else axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  // Only violations are read: sorting out passes and incomplete checks costs seconds on a large page.
  const results = await axe.options({ resultTypes: ["violations"] }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  expect(blocking, "serious or critical axe-core violations").toEqual([]);
}

/**
 * Scans the page as it is in the light theme with every rule, then in the dark one with the
 * colour rules (the rest read the same markup twice). The page follows the system theme (no
 * stored choice), so switching the emulated scheme re-themes it without a reload.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
    // Colours ease into the new theme (transition-colors); contrast read halfway is neither theme's.
    await waitForAnimations(page.locator("body"));
    await expectAccessible(page, colorScheme === "light" ? "all" : "colours");
  }
}

/** A translation catalogue (`apps/web/app/locales/<language>/<namespace>.json`), as the app has it. */
export function readCatalogue<Catalogue>(language: string, namespace: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`../apps/web/app/locales/${language}/${namespace}.json`, import.meta.url), "utf8")) as Catalogue;
}

/** The English catalogue, so assertions follow the copy instead of repeating it. */
export type EnglishCatalogue = typeof englishCatalogue;
export const en = readCatalogue<EnglishCatalogue>("en", "common");

/** The error pages' English texts (namespace `errors`). */
export type ErrorsCatalogue = typeof englishErrors;
export const enErrors = readCatalogue<ErrorsCatalogue>("en", "errors");

/** Waits until the page shown is the named route (root sets data-route-name on <html>). */
export async function expectRouteName(page: Page, name: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-route-name", name);
}

/** `{{name}}` placeholders filled in, as i18next does. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}
