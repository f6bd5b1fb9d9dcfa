import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { isApiAnswerPath, securityHeadersPlugin } from "./security-headers.ts";

const API_SET = ["cross-origin-resource-policy", "referrer-policy", "strict-transport-security", "x-content-type-options", "x-frame-options"];
const DOCUMENT_ONLY = [
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "cross-origin-opener-policy",
  "x-download-options",
  "x-xss-protection",
  "x-permitted-cross-domain-policies",
];

async function appWithHeaders() {
  const app = Fastify({ logger: false });
  await app.register(securityHeadersPlugin);
  app.get("/api/settings/currencies", () => ({ data: [] }));
  app.get("/api/docs", (_request, reply) => reply.type("text/html").send("<!doctype html>"));
  app.get("/en/wallet", (_request, reply) => reply.type("text/html").send("<!doctype html>"));
  return app;
}

describe("security headers", () => {
  it("gives documents helmet's whole set, and the strictest policy when they bring none of their own", async () => {
    const app = await appWithHeaders();
    for (const url of ["/en/wallet", "/api/docs"]) {
      const { headers } = await app.inject({ url });
      expect(headers, url).toMatchObject({
        "x-frame-options": "SAMEORIGIN",
        "x-content-type-options": "nosniff",
        "cross-origin-opener-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
      });
      for (const name of DOCUMENT_ONLY) expect(headers, `${url} ${name}`).toHaveProperty(name);
      expect(headers["content-security-policy"], url).toContain("default-src 'none'");
      expect(headers).not.toHaveProperty("cross-origin-embedder-policy");
    }
    await app.close();
  });

  it("keeps a page's own Content-Security-Policy", async () => {
    const app = await appWithHeaders();
    app.get("/en/own-policy", (_request, reply) => reply.type("text/html").header("content-security-policy", "default-src 'self'").send("<!doctype html>"));
    const { headers } = await app.inject({ url: "/en/own-policy" });
    expect(headers["content-security-policy"]).toBe("default-src 'self'");
    await app.close();
  });

  it("gives JSON answers the set that matters for an API", async () => {
    const app = await appWithHeaders();
    const { headers } = await app.inject({ url: "/api/settings/currencies" });
    for (const name of API_SET) expect(headers, name).toHaveProperty(name);
    expect(headers["strict-transport-security"]).toContain("max-age=");
    for (const name of [...DOCUMENT_ONLY, "content-security-policy"]) expect(headers, name).not.toHaveProperty(name);
    await app.close();
  });

  it("gives an answer without a route (a 404) the API set", async () => {
    const app = await appWithHeaders();
    const { statusCode, headers } = await app.inject({ url: "/api/no-such-thing" });
    expect(statusCode).toBe(404);
    for (const name of API_SET) expect(headers, name).toHaveProperty(name);
    for (const name of DOCUMENT_ONLY) expect(headers, name).not.toHaveProperty(name);
    await app.close();
  });

  it("treats /api paths as API answers except the readable documentation page", () => {
    expect(isApiAnswerPath("/api/settings/currencies?visible=true")).toBe(true);
    expect(isApiAnswerPath("/api")).toBe(true);
    expect(isApiAnswerPath("/api?x=1")).toBe(true);
    expect(isApiAnswerPath("/api/docs/json")).toBe(true);
    expect(isApiAnswerPath("/api/docs")).toBe(false);
    expect(isApiAnswerPath("/api/docs/static/index.html")).toBe(false);
    expect(isApiAnswerPath("/apiary")).toBe(false);
    expect(isApiAnswerPath("/")).toBe(false);
    expect(isApiAnswerPath("/en/wallet")).toBe(false);
  });
});
