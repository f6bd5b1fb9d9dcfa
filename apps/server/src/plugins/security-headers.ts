import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Asks helmet once, at start-up, which headers it would set, by running its middleware against a
 * recording response. With the Content-Security-Policy off (the site sets its own, per request)
 * every helmet header is constant, so setting the recorded values is the same as running helmet
 * on each request, at a fraction of the cost (its per-request middleware chain cost about a fifth
 * of the hot reference-data endpoints' throughput).
 */
export function recordHelmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    isDone = true;
  });
  if (!isDone) throw new Error("helmet did not finish synchronously; its headers cannot be precomputed");
  return headers;
}

/**
 * Helmet headers that only mean something on a document a browser renders (process isolation,
 * DNS prefetching of its links, its opener, legacy IE download and XSS-filter switches, Flash and
 * PDF cross-domain policy files). A JSON answer is never rendered as a page, so the API leaves
 * them out: every header is validated and written on each of the hottest answers.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "cross-origin-opener-policy",
  "x-download-options",
  "x-xss-protection",
  "x-permitted-cross-domain-policies",
] as const;

/**
 * The headers for API answers: what the OWASP REST guidance asks of a JSON API (HSTS, no MIME
 * sniffing, no framing, no referrer, same-origin resource policy), each as helmet sets it.
 */
export function apiHeadersOf(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers = { ...documentHeaders };
  for (const name of DOCUMENT_ONLY_HEADERS) delete headers[name];
  return headers;
}

/** JSON answers of the API; its readable documentation (/api/docs, an HTML page) is a document. */
export function isApiAnswerPath(url: string): boolean {
  if (!url.startsWith("/api")) return false;
  const next = url.charCodeAt(4);
  // "/api", "/api/..." or "/api?...", but not "/apiary"
  if (!(Number.isNaN(next) || next === 47 || next === 63)) return false;
  return !(url.startsWith("/api/docs") && !url.startsWith("/api/docs/json"));
}

/** helmet's headers as this server sends them: for documents, and the subset for API answers. */
export function securityHeaderSets(): { documentHeaders: Record<string, string>; apiHeaders: Record<string, string> } {
  const documentHeaders = recordHelmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  return { documentHeaders, apiHeaders: apiHeadersOf(documentHeaders) };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { documentHeaders, apiHeaders } = securityHeaderSets();
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isApiAnswerPath(request.url) ? apiHeaders : documentHeaders);
      done();
    });
  },
  { name: "security-headers" },
);
