import { createHash } from "node:crypto";
import { CSP_REPORTS_PATH } from "@playfair/contracts/web-services";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/** The sources of one directive of a Content-Security-Policy header. */
function sourcesOf(policy: string, directive: string): string[] {
  const entry = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return entry ? entry.slice(1) : [];
}

test.describe("Content-Security-Policy of the pages (S6)", () => {
  for (const [served, headers] of [
    ["rendered for the request", { "cache-control": "no-cache" }],
    ["from the guest page cache", {}],
  ] as const) {
    test(`every inline script of a page ${served} is allowed by that response's nonce or by a listed hash, and nothing else is`, async ({ request }) => {
      const response = await request.get("/", { headers });
      expectOnlyAllowedInlineScripts(response.headers()["content-security-policy"] ?? "", await response.text());
    });
  }

  test("each rendered response has its own nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let load = 0; load < 3; load++) {
      const response = await request.get("/", { headers: { "cache-control": "no-cache" } });
      nonces.add(sourcesOf(response.headers()["content-security-policy"] ?? "", "script-src").find((source) => source.startsWith("'nonce-")) ?? "");
    }
    expect(nonces.size).toBe(3);
  });

  /** The page's inline scripts may run only by the response's nonce or a hash its policy lists. */
  function expectOnlyAllowedInlineScripts(policy: string, html: string) {
    const scriptSources = sourcesOf(policy, "script-src");
    const nonce = /^'nonce-(.+)'$/.exec(scriptSources.find((source) => source.startsWith("'nonce-")) ?? "")?.[1];
    expect(nonce, "a nonce in script-src").toBeTruthy();
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(sourcesOf(policy, "object-src")).toEqual(["'none'"]);
    expect(sourcesOf(policy, "frame-ancestors")).toEqual(["'self'", "https://web.telegram.org"]);

    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inlineScripts.length).toBeGreaterThan(2);
    for (const [, attributes, body] of inlineScripts) {
      const scriptNonce = /\snonce="([^"]*)"/.exec(attributes ?? "")?.[1];
      const hash = `'sha256-${createHash("sha256").update(body ?? "").digest("base64")}'`;
      expect(scriptNonce === nonce || scriptSources.includes(hash), `inline script ${(body ?? "").slice(0, 60)}`).toBe(true);
    }
  }

  test("the browser runs the page's own scripts, refuses one injected into it and reports that to the server", async ({ page, cspViolations }) => {
    await gotoHydrated(page, "/");
    const reportSent = page.waitForRequest((request) => request.url().endsWith(CSP_REPORTS_PATH) && request.method() === "POST");
    const injectedRan = await page.evaluate(async () => {
      // The browser either runs the script as it is appended or reports refusing it.
      const refused = new Promise((resolve) => document.addEventListener("securitypolicyviolation", resolve, { once: true }));
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      if ((window as unknown as { __injected?: boolean }).__injected === true) return true;
      await refused;
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(injectedRan).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations.splice(0)[0]).toMatch(/^script-src-elem blocked \(?inline\)?/);

    const report = await reportSent;
    expect((report.postDataJSON() as { "csp-report": Record<string, unknown> })["csp-report"]).toMatchObject({ "effective-directive": "script-src-elem", "blocked-uri": "inline" });
    expect((await report.response())?.status()).toBe(204);
  });

  test("an inline style element injected into a page is refused; the page's own styles and style attributes work", async ({ page, cspViolations }) => {
    await gotoHydrated(page, "/");
    const applied = await page.evaluate(async () => {
      const refused = new Promise((resolve) => document.addEventListener("securitypolicyviolation", resolve, { once: true }));
      const style = document.createElement("style");
      style.textContent = "body{outline:7px solid rgb(1, 2, 3)}";
      document.head.append(style);
      await refused;
      return getComputedStyle(document.body).outlineColor === "rgb(1, 2, 3)";
    });
    expect(applied).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations.splice(0)[0]).toMatch(/^style-src-elem blocked \(?inline\)?/);
  });
});

test.describe("Content-Security-Policy of the server's own pages", () => {
  test("the API documentation renders the operations without a policy violation", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.locator(".opblock").first()).toBeVisible({ timeout: 15_000 });
  });

  test("the development mailbox renders with its styles and without a policy violation", async ({ page }) => {
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(243, 244, 246)");
  });
});
