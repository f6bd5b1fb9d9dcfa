import { createHash } from "node:crypto";
import { CSP_REPORTS_PATH, NO_SITE_INTEGRATIONS, type SiteIntegrations } from "@playfair/contracts/web-services";
import { describe, expect, it } from "vitest";
import { DRAWER_COMPACT_INIT_SCRIPT } from "#app/lib/drawer-compact.ts";
import { PRELOADER_CSS, PRELOADER_NOSCRIPT_CSS } from "#app/lib/preloader-styles.ts";
import { THEME_INIT_SCRIPT } from "#app/lib/theme.ts";
import { contentSecurityPolicy, createCspNonce } from "./content-security-policy.server.ts";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

describe("contentSecurityPolicy", () => {
  it("with nothing configured, runs only the site's own scripts, this response's inline scripts and our constant ones", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123", integrations: NO_SITE_INTEGRATIONS }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", hashOf(THEME_INIT_SCRIPT), hashOf(DRAWER_COMPACT_INIT_SCRIPT)]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    // Telegram's web client frames Mini Apps; nobody else may.
    expect(policy.get("frame-ancestors")).toEqual(["'self'", "https://web.telegram.org"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    // Violations are reported to the server.
    expect(policy.get("report-uri")).toEqual([CSP_REPORTS_PATH]);
    expect(policy.has("report-to")).toBe(false);
  });

  it("allows our constant style elements by hash and no other inline style element; style attributes stay allowed", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123", integrations: NO_SITE_INTEGRATIONS }));
    const constantStyles = [hashOf(PRELOADER_CSS), hashOf(PRELOADER_NOSCRIPT_CSS)];
    expect(policy.get("style-src-elem")).toEqual(["'self'", ...constantStyles]);
    expect(policy.get("style-src")).toEqual(["'self'", ...constantStyles]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("lets a configured third-party script load and call any https host, never an inline script without the nonce", () => {
    const integrations: SiteIntegrations = { ...NO_SITE_INTEGRATIONS, tagManagerId: "https://tags.example.com/gtm.js?id=GTM-1" };
    const policy = directives(contentSecurityPolicy({ nonce: "n", integrations }));
    expect(policy.get("script-src")).toContain("https:");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("connect-src")).toEqual(["'self'", "https:", "wss:"]);
    expect(policy.get("frame-src")).toContain("https:");
  });

  it("lets reCAPTCHA load its script and frames only when a site key is configured", () => {
    const without = directives(contentSecurityPolicy({ nonce: "n", integrations: NO_SITE_INTEGRATIONS }));
    expect(without.get("frame-src")).toEqual(["'self'"]);
    const withKey = directives(contentSecurityPolicy({ nonce: "n", integrations: { ...NO_SITE_INTEGRATIONS, captchaSiteKey: "site-key" } }));
    expect(withKey.get("script-src")).toContain("https://www.google.com");
    expect(withKey.get("frame-src")).toEqual(["'self'", "https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"]);
    expect(withKey.get("script-src")).not.toContain("https:");
  });

  it("lets the retargeting pixel's image through, and ignores a pixel setting that is not a URL", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", integrations: { ...NO_SITE_INTEGRATIONS, pixelUrl: "http://pixel.example.net/p" } }));
    expect(policy.get("img-src")).toContain("http://pixel.example.net");
    const invalid = contentSecurityPolicy({ nonce: "n", integrations: { ...NO_SITE_INTEGRATIONS, pixelUrl: "not a url" } });
    expect(invalid).not.toContain("not a url");
  });
});

describe("createCspNonce", () => {
  it("makes a different 128-bit base64 value every time, across many batches of random bytes", () => {
    const nonces = new Set(Array.from({ length: 2000 }, createCspNonce));
    expect(nonces.size).toBe(2000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
