import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { HelmetOptions } from "helmet";
import { serverPagePolicy } from "../lib/page-policy.ts";

/**
 * helmet's set for documents a browser renders. The Content-Security-Policy is left out because
 * each page sets its own with a per-response nonce (apps/web/app/lib/content-security-policy.server.ts);
 * the cross-origin embedder policy would block the site's third-party frames and images.
 */
const DOCUMENT_HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const satisfies HelmetOptions;

/**
 * JSON answers get what the OWASP REST guidance asks of an API (HSTS, no MIME sniffing, no
 * framing, no referrer, same-origin resource policy). The headers that only mean something on a
 * rendered document (process isolation, DNS prefetching of its links, its opener, legacy IE
 * download and XSS-filter switches, Flash and PDF cross-domain policy files) are left out.
 */
const API_HELMET_OPTIONS = {
  ...DOCUMENT_HELMET_OPTIONS,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  crossOriginOpenerPolicy: false,
  xDownloadOptions: false,
  xXssProtection: false,
  xPermittedCrossDomainPolicies: false,
} as const satisfies HelmetOptions;

/**
 * What document routes give as their own helmet options: @fastify/helmet merges a route's options
 * over the plugin's (the API set), so the document-only headers are switched back on by name.
 */
const DOCUMENT_ROUTE_HELMET_OPTIONS = {
  ...DOCUMENT_HELMET_OPTIONS,
  originAgentCluster: true,
  xDnsPrefetchControl: true,
  crossOriginOpenerPolicy: true,
  xDownloadOptions: true,
  xXssProtection: true,
  xPermittedCrossDomainPolicies: true,
} as const satisfies HelmetOptions;

/** JSON answers of the API; its readable documentation (/api/docs, an HTML page) is a document. */
export function isApiAnswerPath(url: string): boolean {
  if (!url.startsWith("/api")) return false;
  const next = url.charCodeAt(4);
  // "/api", "/api/..." or "/api?...", but not "/apiary"
  if (!(Number.isNaN(next) || next === 47 || next === 63)) return false;
  return !(url.startsWith("/api/docs") && !url.startsWith("/api/docs/json"));
}

/**
 * @fastify/helmet on every answer: the API set by default, the document set on the other routes.
 * The default is the API's because a route with its own helmet options costs each request a merge
 * of the two option sets, and the API answers are the many small, fast ones; anything without a
 * route (a 404 of the error handler) is a JSON answer too.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // Before helmet's own onRoute hook, which reads a route's `helmet` option.
    app.addHook("onRoute", (route) => {
      if (route.helmet === undefined && !isApiAnswerPath(route.url)) route.helmet = DOCUMENT_ROUTE_HELMET_OPTIONS;
    });
    await app.register(fastifyHelmet, API_HELMET_OPTIONS);
    // Every HTML answer carries a Content-Security-Policy. The site's pages, the documentation, the
    // mailbox and the sandbox pages set their own; anything else (an error page, a future page)
    // gets the strictest one instead of none. Callback-style: this runs on every answer.
    app.addHook("onSend", (_request, reply, payload, done) => {
      if (!reply.hasHeader("content-security-policy") && /^text\/html/i.test(String(reply.getHeader("content-type") ?? ""))) {
        reply.header("content-security-policy", serverPagePolicy());
      }
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
