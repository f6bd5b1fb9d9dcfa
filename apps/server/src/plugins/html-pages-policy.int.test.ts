import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../../test/raw-request.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { registerPlayer } from "../modules/player/player-test-helpers.ts";

// Every HTML page the server answers carries a Content-Security-Policy that runs no inline script
// without its nonce or hash, and allows each of the page's inline <style> elements by its hash
// (never by 'unsafe-inline').

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name, ...sources] = directive.split(/\s+/);
        return [name!.toLowerCase(), sources];
      }),
  );
}

/** The sources a browser applies to a kind of resource: the directive itself, else its fallbacks. */
function effective(policy: Map<string, string[]>, ...names: string[]): string[] {
  for (const name of names) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return [];
}

const sha256 = (content: string) => `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;

let server: TestServer;
let sandboxPagePath: string;

beforeAll(async () => {
  await import(new URL("../../../web/build/server/index.js", import.meta.url).href);
  server = await startTestServer({ web: "production", env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false", RENDER_WORKERS: "0" } });
  const player = await registerPlayer(server, { currency: "EUR" });
  const created = await server.request("/api/payment/invoices/deposit", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${player.accessToken}` },
    body: JSON.stringify({ amount: "50", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } }),
  });
  sandboxPagePath = ((await created.json()) as { data: { publicData: { redirectUrl: string } } }).data.publicData.redirectUrl;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("the Content-Security-Policy of every HTML page", () => {
  const pages: [string, () => string, number][] = [
    ["the home page", () => "/", 200],
    ["a page in another language", () => "/de/games", 200],
    ["a page that does not exist", () => "/no-such-page", 404],
    ["the API documentation", () => "/api/docs", 200],
    ["the development mailbox", () => "/dev/mailbox", 200],
    ["a sandbox payment page", () => sandboxPagePath, 200],
    ["a sandbox payment that does not exist", () => "/api/payment/sandbox/checkout/sbx_NoSuchPayment1234", 404],
  ];

  it.each(pages)("%s runs no inline script without its nonce and allows its inline styles by hash only", async (_name, path, status) => {
    let page: RawResponse = await rawRequest(server, path(), { headers: { accept: "text/html", "user-agent": FIREFOX } });
    // The documentation's address redirects to its page.
    if (page.status === 302 && page.headers.location) page = await rawRequest(server, new URL(page.headers.location, "http://x").pathname, { headers: { accept: "text/html" } });
    expect(page.status).toBe(status);
    expect(String(page.headers["content-type"])).toMatch(/^text\/html/);
    const header = page.headers["content-security-policy"];
    expect(header, "Content-Security-Policy header").toBeTruthy();
    const policy = directives(String(header));

    const scripts = effective(policy, "script-src-elem", "script-src", "default-src");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("*");
    expect(effective(policy, "script-src", "default-src")).not.toContain("'unsafe-inline'");

    const styleElements = effective(policy, "style-src-elem", "style-src", "default-src");
    expect(styleElements).not.toContain("'unsafe-inline'");
    for (const [, css] of page.text.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)) {
      // A <style> inside <noscript> is parsed only without JavaScript, where the policy applies just the same.
      expect(styleElements, `the hash of <style>${css?.slice(0, 60)}...`).toContain(sha256(css ?? ""));
    }
    for (const [, nonce] of page.text.matchAll(/<script[^>]*\snonce="([^"]*)"/g)) expect(scripts).toContain(`'nonce-${nonce}'`);
    expect(effective(policy, "object-src", "default-src")).toEqual(["'none'"]);
  });

  it("keeps the site's policy on the pages' own stylesheet files and reports violations", async () => {
    const page = await rawRequest(server, "/", { headers: { accept: "text/html", "user-agent": FIREFOX } });
    const policy = directives(String(page.headers["content-security-policy"]));
    expect(policy.get("style-src-elem")).toContain("'self'");
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("report-uri")).toEqual(["/api/security/csp-reports"]);
  });
});
