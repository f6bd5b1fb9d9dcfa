import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { HelmetOptions } from "helmet";

/**
 * helmet's set for documents a browser renders. The Content-Security-Policy is left out because
 * each page sets its own with a per-response nonce (apps/web/app/lib/content-security-policy.server.ts);
 * the cross-origin embedder policy would block the site's third-party frames and images.
 */
export const DOCUMENT_HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const satisfies HelmetOptions;

/**
 * JSON answers get what the OWASP REST guidance asks of an API (HSTS, no MIME sniffing, no
 * framing, no referrer, same-origin resource policy). The headers that only mean something on a
 * rendered document (process isolation, DNS prefetching of its links, its opener, legacy IE
 * download and XSS-filter switches, Flash and PDF cross-domain policy files) are left out.
 */
export const API_HELMET_OPTIONS = {
  ...DOCUMENT_HELMET_OPTIONS,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  crossOriginOpenerPolicy: false,
  xDownloadOptions: false,
  xXssProtection: false,
  xPermittedCrossDomainPolicies: false,
} as const satisfies HelmetOptions;

/** JSON answers of the API; its readable documentation (/api/docs, an HTML page) is a document. */
export function isApiAnswerPath(url: string): boolean {
  if (!url.startsWith("/api")) return false;
  const next = url.charCodeAt(4);
  // "/api", "/api/..." or "/api?...", but not "/apiary"
  if (!(Number.isNaN(next) || next === 47 || next === 63)) return false;
  return !(url.startsWith("/api/docs") && !url.startsWith("/api/docs/json"));
}

/** @fastify/helmet on every answer: the document set by default, the API set on API routes. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // Before helmet's own onRoute hook, which reads a route's `helmet` option.
    app.addHook("onRoute", (route) => {
      if (route.helmet === undefined && isApiAnswerPath(route.url)) route.helmet = API_HELMET_OPTIONS;
    });
    await app.register(fastifyHelmet, DOCUMENT_HELMET_OPTIONS);
  },
  { name: "security-headers" },
);
