import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { ACCESS_TOKEN_KEY } from "@playfair/contracts/player/auth";
import { THEME_COOKIE } from "@playfair/contracts/web-services";
import { isbot } from "isbot";

/**
 * A short-lived cache of the server-rendered pages guests get, the way a CDN micro-caches
 * anonymous HTML: a burst of landing traffic (a campaign, a match kicking off) costs one render
 * per page per TTL instead of one per visit. Identical requests that arrive while that render is
 * under way wait for it instead of rendering again.
 *
 * What is cached is decided by the request (never a signed-in player's: no session cookie, no
 * Authorization header) and by the response (only a complete 200 HTML page that sets no cookie).
 * The key holds exactly what the rendered page depends on: the address with its query (which
 * carries the locale prefix), the `theme` cookie's preference, the visitor-country header and
 * whether the visitor is a crawler (crawlers get the document in one piece). Other cookies
 * (analytics, consent, affiliate) do not change the page, so visitors carrying them share it.
 *
 * Every answer gets its own Content-Security-Policy nonce: the page is kept as the text between
 * its render's nonce occurrences, and each answer joins those pieces with a fresh nonce, in the
 * header and in the markup alike. A nonce shared between visitors would let markup injected into
 * one page's neighbour run with a known nonce. The gzipped form is kept the same way: each piece is
 * compressed on its own (a full flush, so no piece refers back into another), and each answer's
 * nonce goes between them as a stored block, so a hit costs neither a render nor a compression.
 */
export type RenderedPage = { status: number; headers: [string, string][]; body: Buffer };

/** A page ready to be answered from: kept in the cache, or rendered for one visitor alone. */
export type PreparedPage = {
  status: number;
  /** Headers without Content-Length and Content-Encoding, which each answer sets. */
  headers: [string, string][];
  /** The body split at its render's nonce (one piece when it has none). */
  pieces: Buffer[];
  /** Each piece deflated up to a full flush (raw deflate, no header). */
  deflatedPieces: Buffer[];
  /** The render's nonce, to be replaced in each answer; null when the page has none. */
  nonce: string | null;
};

export type PageAnswer = { status: number; headers: [string, string][]; body: Buffer };

type Entry = { page: PreparedPage; expiresAt: number };

export type GuestPageCache = {
  /** The cache key of a request, or null when its answer must be rendered for it alone. */
  keyFor(request: { method?: string | undefined; url?: string | undefined; headers: IncomingHttpHeaders }): string | null;
  /**
   * The page under `key`: from the cache, from a render under way, or rendered now by `render`.
   * A render that may not be shared (not cacheable) is answered to its own requester only: the
   * others waiting for it render their own.
   */
  get(key: string, render: () => Promise<RenderedPage>): Promise<{ page: PreparedPage; hit: boolean }>;
  /** The one cookie a cached render may see: the visitor's theme preference ("theme=dark"), or null. */
  themeCookieOf(headers: IncomingHttpHeaders): string | null;
  /** Drops every page (content changed). */
  clear(): void;
  readonly size: number;
};

const NONCE_BYTES = 16;
const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/=]+)'/;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty stored block marked final: ends a deflate stream that stopped at a full flush. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const NOT_SHARED = Symbol("not shared");

export function createGuestPageCache(options: { ttlMs: number; maxEntries?: number; countryHeader: string; now?: () => number }): GuestPageCache {
  const { ttlMs, countryHeader } = options;
  const maxEntries = options.maxEntries ?? 200;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<PreparedPage | typeof NOT_SHARED>>();

  function store(key: string, page: PreparedPage): void {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      // Oldest first (a Map keeps insertion order): expired ones, then the least recently stored.
      for (const [oldKey, entry] of entries) {
        if (entries.size < maxEntries || entry.expiresAt > now()) break;
        entries.delete(oldKey);
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    }
    entries.set(key, { page, expiresAt: now() + ttlMs });
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
      const cookies = headers.cookie ?? "";
      if (cookieValue(cookies, ACCESS_TOKEN_KEY) !== null) return null;
      const theme = themePreference(cookieValue(cookies, THEME_COOKIE));
      // As the renderer decides it (entry.server.tsx): no User-Agent at all is not a crawler.
      const userAgent = headers["user-agent"];
      const crawler = userAgent && isbot(userAgent) ? "bot" : "person";
      const country = String(headers[countryHeader] ?? "")
        .trim()
        .toUpperCase();
      return `${crawler}\n${country}\n${theme}\n${request.url}`;
    },

    async get(key, render) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return { page: entry.page, hit: true };
      const pending = rendering.get(key);
      if (pending) {
        const shared = await pending;
        if (shared !== NOT_SHARED) return { page: shared, hit: true };
        return { page: prepare(await render()), hit: false };
      }
      let own: PreparedPage | undefined;
      const work = render().then((rendered) => {
        own = prepare(rendered);
        if (!isCacheable(rendered)) {
          entries.delete(key);
          return NOT_SHARED;
        }
        store(key, own);
        return own;
      });
      rendering.set(key, work);
      try {
        await work;
        return { page: own!, hit: false };
      } finally {
        rendering.delete(key);
      }
    },

    themeCookieOf(headers) {
      const theme = themePreference(cookieValue(headers.cookie ?? "", THEME_COOKIE));
      return theme ? `${THEME_COOKIE}=${theme}` : null;
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

function isCacheable(page: RenderedPage): boolean {
  if (page.status !== 200) return false;
  let isHtml = false;
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    if (lower === "set-cookie" || lower === "content-encoding" || (lower === "cache-control" && /no-store|private/i.test(value))) return false;
    if (lower === "content-type" && value.startsWith("text/html")) isHtml = true;
  }
  return isHtml;
}

/** Splits a rendered (not encoded) page at its nonce and compresses the pieces once. */
function prepare(rendered: RenderedPage): PreparedPage {
  const headers = rendered.headers.filter(([name]) => !/^(content-length|transfer-encoding)$/i.test(name));
  const policy = headers.find(([name]) => name.toLowerCase() === "content-security-policy")?.[1];
  const nonce = policy ? (NONCE_SOURCE.exec(policy)?.[1] ?? null) : null;
  const pieces: Buffer[] = [];
  if (nonce) {
    const needle = Buffer.from(nonce);
    let start = 0;
    for (let at = rendered.body.indexOf(needle); at !== -1; at = rendered.body.indexOf(needle, start)) {
      pieces.push(rendered.body.subarray(start, at));
      start = at + needle.length;
    }
    pieces.push(rendered.body.subarray(start));
  } else {
    pieces.push(rendered.body);
  }
  const deflatedPieces = pieces.map((piece) => deflateRawSync(piece, { level: 1, finishFlush: zlibConstants.Z_FULL_FLUSH }));
  return { status: rendered.status, headers, pieces, deflatedPieces, nonce };
}

/** One visitor's answer from a prepared page: a fresh nonce, gzipped when they accept it. */
export function answerFrom(page: PreparedPage, options: { gzip: boolean }): PageAnswer & { nonce: string | null } {
  const nonce = page.nonce ? randomBytes(NONCE_BYTES).toString("base64") : null;
  const headers: [string, string][] = page.headers.map(([name, value]) => [
    name,
    page.nonce && nonce && name.toLowerCase() === "content-security-policy" ? value.replaceAll(`'nonce-${page.nonce}'`, `'nonce-${nonce}'`) : value,
  ]);
  const nonceBytes = Buffer.from(nonce ?? "");
  let body: Buffer;
  if (!options.gzip) {
    body = Buffer.concat(page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [nonceBytes, piece])));
  } else {
    const stored = storedBlock(nonceBytes);
    let checksum = 0;
    let size = 0;
    const parts: Buffer[] = [GZIP_HEADER];
    page.pieces.forEach((piece, index) => {
      if (index > 0) {
        parts.push(stored);
        checksum = crc32(nonceBytes, checksum);
        size += nonceBytes.length;
      }
      parts.push(page.deflatedPieces[index]!);
      checksum = crc32(piece, checksum);
      size += piece.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    parts.push(FINAL_EMPTY_BLOCK, trailer);
    body = Buffer.concat(parts);
    headers.push(["content-encoding", "gzip"]);
  }
  return { status: page.status, headers, body, nonce };
}

/** A deflate stored (uncompressed) block; the stream is byte-aligned after a full flush. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/** The theme preference as the page renders it: anything but a known value renders as none. */
function themePreference(value: string | null): string {
  return value === "light" || value === "dark" || value === "system" ? value : "";
}

/**
 * Whether an Accept-Encoding header allows gzip ("gzip" or "*" without a zero quality), the same
 * rule the web app's renderer applies.
 */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (!acceptEncoding) return false;
  return String(acceptEncoding)
    .split(",")
    .some((entry) => {
      const [coding = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
      if (coding !== "gzip" && coding !== "*") return false;
      const quality = parameters.find((parameter) => parameter.startsWith("q="));
      return quality === undefined || Number(quality.slice(2)) > 0;
    });
}
