import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

type Page = { status: number; headers: Record<string, string | string[] | undefined>; html: string };

/** A page fetched with exactly the given headers (node:http, so a made-up Host header is really sent). */
function getPage(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers: { accept: "text/html", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const html = (response.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, html });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const policyNonce = (page: Page) => /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
const nonceAttributes = (html: string) => [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1]);
/** The page without its nonces: what two visitors served from one render have in common. */
const withoutNonces = (page: Page) => page.html.replaceAll(policyNonce(page)!, "NONCE");
const headLinks = (html: string) => [...html.matchAll(/<link[^>]+rel="canonical"[^>]*>|<meta[^>]+property="og:url"[^>]*>/g)].map((match) => match[0]);

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("guest page cache on the real server", () => {
  let server: TestServer;

  beforeAll(async () => {
    // The web build is loaded before the server starts (the same module instance is reused), so
    // a busy machine's slow first import does not run into Fastify's plugin start-up timeout.
    await import(new URL("../../../web/build/server/index.js", import.meta.url).href);
    server = await startTestServer({ web: "production", env: { GUEST_PAGE_CACHE_MS: "60000", RENDER_WORKERS: "0" } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("serves two guests with different analytics cookies from one render, each with its own nonce", async () => {
    const first = await getPage(server, "/games", { "user-agent": FIREFOX, cookie: "_ga=GA1.1.111.222; consent=all" });
    const second = await getPage(server, "/games", { "user-agent": FIREFOX, cookie: "_ga=GA1.1.333.444; _fbp=fb.1.5" });
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(withoutNonces(second)).toBe(withoutNonces(first));

    const nonces = [policyNonce(first), policyNonce(second)];
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
    for (const [index, page] of [first, second].entries()) {
      const attributes = nonceAttributes(page.html);
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(attributes)).toEqual(new Set([nonces[index]]));
    }
  });

  it("keeps the nonce of a gzipped answer from the cache in step with its header", async () => {
    await getPage(server, "/bonuses", { "user-agent": FIREFOX });
    const zipped = await getPage(server, "/bonuses", { "user-agent": FIREFOX, "accept-encoding": "gzip" });
    expect(zipped.headers["x-page-cache"]).toBe("hit");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(new Set(nonceAttributes(zipped.html))).toEqual(new Set([policyNonce(zipped)]));
  });

  it("renders a visitor with another theme preference a page of their own", async () => {
    await getPage(server, "/contact", { "user-agent": FIREFOX, cookie: "theme=light" });
    const dark = await getPage(server, "/contact", { "user-agent": FIREFOX, cookie: "theme=dark" });
    expect(dark.headers["x-page-cache"]).toBe("miss");
    expect(dark.html).toMatch(/<html[^>]+data-theme="dark"/);
    const light = await getPage(server, "/contact", { "user-agent": FIREFOX, cookie: "_ga=1; theme=light" });
    expect(light.headers["x-page-cache"]).toBe("hit");
    expect(light.html).toMatch(/<html[^>]+data-theme="light"/);
  });

  it("never answers a signed-in player from it", async () => {
    await getPage(server, "/support", { "user-agent": FIREFOX });
    expect((await getPage(server, "/support", { "user-agent": FIREFOX })).headers["x-page-cache"]).toBe("hit");
    const player = await getPage(server, "/support", { "user-agent": FIREFOX, cookie: "access_token=eyJhbGciOi.payload.signature" });
    expect(player.status).toBe(200);
    expect(player.headers["x-page-cache"]).toBeUndefined();
  });

  it("builds pages on the site's own origin, never on the Host header, cached or rendered each time", async () => {
    const cached = await getPage(server, "/de/games", { "user-agent": FIREFOX, host: "attacker.example" });
    const again = await getPage(server, "/de/games", { "user-agent": FIREFOX });
    const rendered = await getPage(server, "/de/games", { "user-agent": FIREFOX, host: "attacker.example", "cache-control": "no-cache" });
    expect(cached.headers["x-page-cache"]).toBe("miss");
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    for (const page of [cached, again, rendered]) {
      const links = headLinks(page.html);
      expect(links).toHaveLength(2);
      for (const link of links) {
        expect(link).not.toContain("attacker.example");
        expect(link).toContain(`http://localhost:${server.config.port}/de/games`);
      }
    }
  });
});
