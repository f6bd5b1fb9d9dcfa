import { describe, expect, it } from "vitest";
import { createGuestPageCache, type CachedPage } from "./guest-page-cache.ts";

const html = (body: string, extraHeaders: [string, string][] = []): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"], ...extraHeaders],
  body: Buffer.from(body),
});

function setup(ttlMs = 1000) {
  let clock = 0;
  const cache = createGuestPageCache({ ttlMs, countryHeader: "cf-ipcountry", maxEntries: 3, now: () => clock });
  let renders = 0;
  const render = (page: CachedPage = html(`render ${renders + 1}`)) => async () => {
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
    expect(second.page.body.toString()).toBe("render 1");
    advance(1001);
    const third = await cache.get(key, render());
    expect(third.hit).toBe(false);
    expect(third.page.body.toString()).toBe("render 2");
    expect(renders()).toBe(2);
  });

  it("renders once for identical requests that arrive together", async () => {
    const { cache, renders } = setup();
    const key = cache.keyFor(guest())!;
    let finish: (page: CachedPage) => void = () => {};
    let count = 0;
    const slow = () => {
      count += 1;
      return new Promise<CachedPage>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 5 }, () => cache.get(key, slow));
    finish(html("one render"));
    const answers = await Promise.all(waiting);
    expect(count).toBe(1);
    expect(renders()).toBe(0);
    expect(answers.map((answer) => answer.page.body.toString())).toEqual(Array(5).fill("one render"));
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

  it("keeps pages apart by address, cookies, country, encoding and crawler", () => {
    const { cache } = setup();
    const keys = [
      cache.keyFor(guest("/")),
      cache.keyFor(guest("/?sign-in=true")),
      cache.keyFor(guest("/de")),
      cache.keyFor(guest("/", { cookie: "theme=dark" })),
      cache.keyFor(guest("/", { "cf-ipcountry": "DE" })),
      cache.keyFor(guest("/", { "accept-encoding": "gzip, br" })),
      cache.keyFor(guest("/", { "user-agent": "Googlebot/2.1" })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(cache.keyFor(guest("/", { "user-agent": "Mozilla/5.0 Firefox" }))).toBe(keys[0]);
  });

  it("does not keep error pages, pages that set a cookie, private answers or non-HTML", async () => {
    const { cache, render, renders } = setup();
    const pages: CachedPage[] = [
      { ...html("missing"), status: 404 },
      html("tagged", [["set-cookie", "affiliate=1"]]),
      html("private", [["cache-control", "private"]]),
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
});
