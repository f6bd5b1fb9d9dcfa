import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, answerFrom, createGuestPageCache, type PreparedPage, type RenderedPage } from "./guest-page-cache.ts";

const text = (page: PreparedPage) => answerFrom(page, { gzip: false }).body.toString();

const html = (body: string, extraHeaders: [string, string][] = []): RenderedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"], ...extraHeaders],
  body: Buffer.from(body),
});

function setup(ttlMs = 1000) {
  let clock = 0;
  const cache = createGuestPageCache({ ttlMs, countryHeader: "cf-ipcountry", maxEntries: 3, now: () => clock });
  let renders = 0;
  const render = (page: RenderedPage = html(`render ${renders + 1}`)) => async () => {
    renders += 1;
    return page;
  };
  return { cache, render, renders: () => renders, advance: (ms: number) => (clock += ms) };
}

const guest = (url = "/", headers: Record<string, string> = {}) => ({ method: "GET", url, headers });

describe("guest page cache", () => {
  it("serves a guest the page rendered for the previous guest until the TTL runs out", async () => {
    const { cache, render, renders, advance } = setup();
    const key = cache.keyFor(guest())!;
    expect((await cache.get(key, render())).hit).toBe(false);
    const second = await cache.get(key, render());
    expect(second).toMatchObject({ hit: true });
    expect(text(second.page)).toBe("render 1");
    advance(1001);
    const third = await cache.get(key, render());
    expect(third.hit).toBe(false);
    expect(text(third.page)).toBe("render 2");
    expect(renders()).toBe(2);
  });

  it("renders once for identical requests that arrive together", async () => {
    const { cache, renders } = setup();
    const key = cache.keyFor(guest())!;
    let finish: (page: RenderedPage) => void = () => {};
    let count = 0;
    const slow = () => {
      count += 1;
      return new Promise<RenderedPage>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 5 }, () => cache.get(key, slow));
    finish(html("one render"));
    const answers = await Promise.all(waiting);
    expect(count).toBe(1);
    expect(renders()).toBe(0);
    expect(answers.map((answer) => text(answer.page))).toEqual(Array(5).fill("one render"));
    expect(answers.filter((answer) => !answer.hit)).toHaveLength(1);
  });

  it("never caches for a signed-in player, a hard reload, a non-GET or an API call", () => {
    const { cache } = setup();
    expect(cache.keyFor(guest("/", { cookie: "theme=dark; access_token=eyJ" }))).toBeNull();
    expect(cache.keyFor(guest("/", { authorization: "Bearer eyJ" }))).toBeNull();
    expect(cache.keyFor(guest("/", { "cache-control": "no-cache" }))).toBeNull();
    expect(cache.keyFor(guest("/", { pragma: "no-cache" }))).toBeNull();
    expect(cache.keyFor({ method: "POST", url: "/", headers: {} })).toBeNull();
    expect(cache.keyFor(guest("/api/settings/currencies"))).toBeNull();
    expect(cache.keyFor(guest("/games.data?_routes=routes%2Fgames"))).toBeNull();
    expect(cache.keyFor(guest("/_root.data"))).toBeNull();
    expect(createGuestPageCache({ ttlMs: 0, countryHeader: "cf-ipcountry" }).keyFor(guest())).toBeNull();
  });

  it("keeps pages apart by address, theme preference, country and crawler", () => {
    const { cache } = setup();
    const keys = [
      cache.keyFor(guest("/")),
      cache.keyFor(guest("/?sign-in=true")),
      cache.keyFor(guest("/de")),
      cache.keyFor(guest("/", { cookie: "theme=dark" })),
      cache.keyFor(guest("/", { "cf-ipcountry": "DE" })),
      cache.keyFor(guest("/", { cookie: "theme=light" })),
      cache.keyFor(guest("/", { "user-agent": "Googlebot/2.1" })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(cache.keyFor(guest("/", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0" }))).toBe(keys[0]);
  });

  it("shares a page between guests whose other cookies (analytics, consent) differ", () => {
    const { cache } = setup();
    const first = cache.keyFor(guest("/", { cookie: "_ga=GA1.1.111; theme=dark; consent=all" }));
    const second = cache.keyFor(guest("/", { cookie: "_ga=GA1.1.222; _fbp=fb.1.2; theme=dark" }));
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(cache.keyFor(guest("/", { cookie: "_ga=GA1.1.111" }))).toBe(cache.keyFor(guest("/")));
    // An unknown theme value renders as no preference.
    expect(cache.keyFor(guest("/", { cookie: "theme=purple" }))).toBe(cache.keyFor(guest("/")));
    // Encodings share one cached render: each answer is encoded from it.
    expect(cache.keyFor(guest("/", { "accept-encoding": "gzip, br" }))).toBe(cache.keyFor(guest("/")));
  });

  it("treats any access_token cookie as a signed-in player, whatever else is sent", () => {
    const { cache } = setup();
    expect(cache.keyFor(guest("/", { cookie: "_ga=1; access_token=" }))).toBeNull();
    expect(cache.keyFor(guest("/", { cookie: "access_token=eyJ; theme=dark" }))).toBeNull();
    // A different cookie whose name merely ends the same way is not a session.
    expect(cache.keyFor(guest("/", { cookie: "old_access_token=x" }))).not.toBeNull();
  });

  it("does not keep error pages, pages that set a cookie, private answers, encoded bodies or non-HTML", async () => {
    const { cache, render, renders } = setup();
    const pages: RenderedPage[] = [
      { ...html("missing"), status: 404 },
      html("tagged", [["set-cookie", "affiliate=1"]]),
      html("private", [["cache-control", "private"]]),
      html("encoded", [["content-encoding", "gzip"]]),
      { status: 200, headers: [["content-type", "application/json"]], body: Buffer.from("{}") },
    ];
    for (const [index, page] of pages.entries()) {
      const key = cache.keyFor(guest(`/page-${index}`))!;
      await cache.get(key, render(page));
      expect((await cache.get(key, render(page))).hit).toBe(false);
    }
    expect(renders()).toBe(pages.length * 2);
    expect(cache.size).toBe(0);
  });

  it("holds a bounded number of pages, dropping the oldest", async () => {
    const { cache, render } = setup();
    for (const path of ["/a", "/b", "/c", "/d"]) await cache.get(cache.keyFor(guest(path))!, render());
    expect(cache.size).toBe(3);
    expect((await cache.get(cache.keyFor(guest("/a"))!, render())).hit).toBe(false);
    expect((await cache.get(cache.keyFor(guest("/d"))!, render())).hit).toBe(true);
  });

  it("a failed render is not kept and reaches every waiting request", async () => {
    const { cache, render } = setup();
    const key = cache.keyFor(guest())!;
    const failing = () => Promise.reject(new Error("render failed"));
    await expect(Promise.all([cache.get(key, failing), cache.get(key, failing)])).rejects.toThrow("render failed");
    expect((await cache.get(key, render())).hit).toBe(false);
  });

  it("does not hand a page that may not be shared to the requests waiting for it", async () => {
    const { cache } = setup();
    const key = cache.keyFor(guest())!;
    let finish: (page: RenderedPage) => void = () => {};
    const first = cache.get(key, () => new Promise<RenderedPage>((resolve) => (finish = resolve)));
    const second = cache.get(key, async () => html("its own render"));
    finish(html("tagged", [["set-cookie", "affiliate=1"]]));
    expect(text((await first).page)).toBe("tagged");
    expect(text((await second).page)).toBe("its own render");
  });
});

describe("answers from a cached page", () => {
  const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
  const policy = (nonce: string) => `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'sha256-abc'`;
  const page = (body: string) =>
    createGuestPageCache({ ttlMs: 1000, countryHeader: "cf-ipcountry" }).get("k", async () =>
      html(body, [["content-security-policy", policy(NONCE)], ["vary", "Accept-Encoding"]]),
    );
  const nonceOf = (headers: [string, string][]) => /'nonce-([^']+)'/.exec(headers.find(([name]) => name === "content-security-policy")![1])![1]!;

  it("gives every answer its own nonce, in the header and in every nonce attribute of the page", async () => {
    const { page: cached } = await page(`<script nonce="${NONCE}">a()</script><p>${"x".repeat(5000)}</p><script nonce="${NONCE}">b()</script>`);
    const answers = [answerFrom(cached, { gzip: false }), answerFrom(cached, { gzip: false }), answerFrom(cached, { gzip: true })];
    const nonces = answers.map((answer) => nonceOf(answer.headers));
    expect(new Set([NONCE, ...nonces]).size).toBe(4);
    for (const [index, answer] of answers.entries()) {
      const body = (index === 2 ? gunzipSync(answer.body) : answer.body).toString();
      expect(body).not.toContain(NONCE);
      expect([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])).toEqual([nonces[index], nonces[index]]);
      expect(body).toBe(`<script nonce="${nonces[index]}">a()</script><p>${"x".repeat(5000)}</p><script nonce="${nonces[index]}">b()</script>`);
    }
  });

  it("gzips an answer into a valid stream only for visitors who accept it", async () => {
    const { page: cached } = await page("<!DOCTYPE html><html><body>no scripts at all</body></html>");
    const zipped = answerFrom(cached, { gzip: true });
    expect(zipped.headers).toContainEqual(["content-encoding", "gzip"]);
    expect(gunzipSync(zipped.body).toString()).toBe("<!DOCTYPE html><html><body>no scripts at all</body></html>");
    expect(answerFrom(cached, { gzip: false }).headers.some(([name]) => name === "content-encoding")).toBe(false);
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br, gzip;q=0")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
