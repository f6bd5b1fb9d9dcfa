import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
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

/** JSON answers of the API; its readable documentation (/api/docs, an HTML page) is a document. */
export function isApiAnswerPath(url: string): boolean {
  if (!url.startsWith("/api")) return false;
  const next = url.charCodeAt(4);
  // "/api", "/api/..." or "/api?...", but not "/apiary"
  if (!(Number.isNaN(next) || next === 47 || next === 63)) return false;
  return !(url.startsWith("/api/docs") && !url.startsWith("/api/docs/json"));
}

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet's middleware sets with `options`, read once. Without a Content-Security-Policy
 * nonce nothing in them varies per request, so each answer gets a ready object instead of a
 * middleware chain built and run per request.
 */
function headersOf(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The security headers of a route's answers (set from its path when the route is added). */
    securityHeaders?: HeaderSet;
  }
}

/**
 * helmet's headers on every answer: the API set by default, the document set on the other routes.
 * Anything without a route (a 404 of the error handler) is a JSON answer and gets the API set.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const apiHeaders = headersOf(API_HELMET_OPTIONS);
    const documentHeaders = headersOf(DOCUMENT_HELMET_OPTIONS);
    app.addHook("onRoute", (route) => {
      route.config = { ...route.config, securityHeaders: isApiAnswerPath(route.url) ? apiHeaders : documentHeaders };
    });
    // Callback-style: an async hook costs every request a promise and a tick.
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(request.routeOptions.config.securityHeaders ?? apiHeaders);
      done();
    });
    // Every HTML answer carries a Content-Security-Policy. The site's pages, the documentation, the
    // mailbox and the sandbox pages set their own; anything else (an error page, a future page)
    // gets the strictest one instead of none. Callback-style: this runs on every answer.
    app.addHook("onSend", (_request, reply, payload, done) => {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && type.toLowerCase().startsWith("text/html") && !reply.hasHeader("content-security-policy")) {
        reply.header("content-security-policy", serverPagePolicy());
      }
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
