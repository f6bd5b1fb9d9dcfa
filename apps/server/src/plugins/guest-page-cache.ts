import type { IncomingHttpHeaders } from "node:http";
import { ACCESS_TOKEN_KEY } from "@playfair/contracts/player/auth";

/**
 * A short-lived cache of the server-rendered pages guests get, the way a CDN micro-caches
 * anonymous HTML: a visitor without a session gets exactly what the previous visitor with the same
 * address, cookies and encoding got, so a burst of landing traffic (a campaign, a match kicking
 * off) costs one render per page per TTL instead of one per visit. Identical requests that arrive
 * while that render is under way wait for it instead of rendering again.
 *
 * What is cached is decided by the request (never a signed-in player's: no session cookie, no
 * Authorization header) and by the response (only a complete 200 HTML page that sets no cookie).
 * The key holds everything the rendered page depends on: the address with its query, the whole
 * Cookie header (theme and other preferences), the visitor-country header, the encoding and
 * whether the visitor is a crawler (crawlers get the document in one piece).
 *
 * A cached page keeps its headers, so the guests served from it for that moment share its
 * Content-Security-Policy nonce. That is safe: the nonce protects against markup injected into a
 * page, and anything injected was written before the render chose the nonce; a page whose address
 * carries an injection attempt is its own cache entry with its own nonce.
 */
export type CachedPage = { status: number; headers: [string, string][]; body: Buffer };

type Entry = CachedPage & { expiresAt: number };

export type GuestPageCache = {
  /** The cache key of a request, or null when its answer must be rendered for it alone. */
  keyFor(request: { method?: string | undefined; url?: string | undefined; headers: IncomingHttpHeaders }): string | null;
  /** The page under `key`: from the cache, from a render under way, or rendered now by `render`. */
  get(key: string, render: () => Promise<CachedPage>): Promise<{ page: CachedPage; hit: boolean }>;
  /** Drops every page (content changed). */
  clear(): void;
  readonly size: number;
};

const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

export function createGuestPageCache(options: { ttlMs: number; maxEntries?: number; countryHeader: string; now?: () => number }): GuestPageCache {
  const { ttlMs, countryHeader } = options;
  const maxEntries = options.maxEntries ?? 200;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<CachedPage>>();

  function isCacheable(page: CachedPage): boolean {
    if (page.status !== 200) return false;
    let isHtml = false;
    for (const [name, value] of page.headers) {
      const lower = name.toLowerCase();
      if (lower === "set-cookie" || (lower === "cache-control" && /no-store|private/i.test(value))) return false;
      if (lower === "content-type" && value.startsWith("text/html")) isHtml = true;
    }
    return isHtml;
  }

  function store(key: string, page: CachedPage): void {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      // Oldest first (a Map keeps insertion order): expired ones, then the least recently stored.
      for (const [oldKey, entry] of entries) {
        if (entries.size < maxEntries || entry.expiresAt > now()) break;
        entries.delete(oldKey);
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    }
    entries.set(key, { ...page, expiresAt: now() + ttlMs });
  }

  return {
    keyFor(request) {
      if (ttlMs <= 0 || request.method !== "GET" || !request.url || request.url.startsWith("/api/")) return null;
      // Client-side navigations' data requests (`/path.data`) stream their deferred parts: left alone.
      if (/\.data(\?|$)/.test(request.url)) return null;
      const { headers } = request;
      if (headers.authorization || headers.range) return null;
      // A hard reload (and anyone who asks) gets a fresh render, as from any HTTP cache.
      if (/no-cache|no-store/i.test(String(headers["cache-control"] ?? "")) || /no-cache/i.test(String(headers.pragma ?? ""))) return null;
      const cookie = headers.cookie ?? "";
      if (cookie.includes(`${ACCESS_TOKEN_KEY}=`)) return null;
      const gzip = /\bgzip\b/.test(String(headers["accept-encoding"] ?? "")) ? "gz" : "id";
      const crawler = CRAWLER.test(String(headers["user-agent"] ?? "")) ? "bot" : "person";
      const country = String(headers[countryHeader] ?? "");
      return `${gzip}\n${crawler}\n${country}\n${cookie}\n${request.url}`;
    },

    async get(key, render) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return { page: entry, hit: true };
      const pending = rendering.get(key);
      if (pending) return { page: await pending, hit: true };
      const work = render().then((page) => {
        if (isCacheable(page)) store(key, page);
        else entries.delete(key);
        return page;
      });
      rendering.set(key, work);
      try {
        return { page: await work, hit: false };
      } finally {
        rendering.delete(key);
      }
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
