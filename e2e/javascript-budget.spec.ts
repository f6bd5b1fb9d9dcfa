import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * The JavaScript budget of a first visit: every script the page loads until the network is idle
 * (the entry, route modules, module preloads and whatever starts right after hydration), each
 * compressed with gzip -9 the way a gzip-serving server would send it, summed. 150 KB means
 * 150 * 1024 bytes. The fixed stack (React, React DOM, React Router, i18next) is about 120 KB of
 * it, so the app's own code on these pages has about 30 KB: a feature that needs more must load
 * it when it is used, not on the first visit.
 */
const BUDGET_BYTES = 150 * 1024;

/**
 * What each page may load until it meets BUDGET_BYTES: its measured first load plus under 0.5 KB, so
 * nothing can grow it while the shell is cut further. docs/decisions/010-javascript-budget.md has
 * the figures and what is left; lower these as the pages shrink, and drop them (leaving
 * BUDGET_BYTES) once both pages are within it.
 */
const CEILING_BYTES = { home: 150.7 * 1024, lobby: 154.3 * 1024 } as const;

type LoadedScript = { path: string; raw: number; gzip: number };

/** The scripts a fresh browser context loads for `path` until the network has been idle for 500 ms. */
async function firstLoadScripts(page: Page, path: string): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | undefined>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then(
        (body) => ({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        // A redirect or an aborted request has no body and ran nothing.
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  // A busy 2-core machine can take longer than the default 5 s to hydrate.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const scripts = (await Promise.all(pending)).filter((script) => script !== undefined);
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

for (const [name, path] of [
  ["home", "/"],
  ["lobby", "/games"],
] as const) {
  test(`the ${name} page's first load does not grow its JavaScript (gzip; budget ${kb(BUDGET_BYTES)})`, async ({ page }, testInfo) => {
    const scripts = await firstLoadScripts(page, path);
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    const ceiling = Math.max(BUDGET_BYTES, CEILING_BYTES[name]);
    const table = [
      `${name} page (${path}), first load: ${scripts.length} scripts, ${kb(total)} gzip -9 (budget ${kb(BUDGET_BYTES)}, ceiling until met ${kb(ceiling)})`,
      ...scripts.map((script) => `  ${kb(script.gzip).padStart(9)}  ${kb(script.raw).padStart(9)} raw  ${script.path}`),
    ].join("\n");
    console.log(table);
    await testInfo.attach(`${name}-scripts.txt`, { body: table, contentType: "text/plain" });

    expect(scripts.length, "the page loads its modules").toBeGreaterThan(0);
    expect(total, table).toBeLessThanOrEqual(ceiling);
  });
}
