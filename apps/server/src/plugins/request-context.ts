import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export type ClientPlatform = "web" | "tg";

/** What every handler may know about the caller, derived once per request. */
export type ClientContext = {
  ip: string;
  /** ISO 3166 alpha-2 from the trusted edge's country header, or null when unknown. */
  country: string | null;
  /** The site origin or messenger bot URL the client says it runs under (spec 7 `source`). */
  source: string | null;
  platform: ClientPlatform;
  /**
   * The User-Agent header as it may be stored (sessions keep it): without control characters,
   * at most USER_AGENT_MAX_LENGTH long; null when absent or empty.
   */
  userAgent: string | null;
};

declare module "fastify" {
  interface FastifyRequest {
    client: ClientContext;
  }
}

const TRACE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const USER_AGENT_MAX_LENGTH = 1024;
// Node refuses C0 controls in header values; C1 controls (bytes 0x80-0x9F read as Latin-1) pass.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const HEADER_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
// Placeholders edges send for unknown or anonymised visitors.
const UNKNOWN_COUNTRIES = new Set(["XX", "T1", "ZZ"]);

/** Takes the caller's trace id when it is sane, otherwise makes one; used as Fastify's request id. */
export function traceIdFrom(request: IncomingMessage): string {
  const header = request.headers["x-trace-id"];
  return typeof header === "string" && TRACE_ID_PATTERN.test(header) ? header : randomUUID();
}

/** A header value that is stored: control characters removed, cut to `maxLength`. */
function storableHeader(value: string | undefined, maxLength: number): string | null {
  if (value === undefined) return null;
  const text = value.replace(HEADER_CONTROL_CHARACTERS, "").slice(0, maxLength).trim();
  return text === "" ? null : text;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export type ClientAddressOptions = { trustedProxies: string[]; clientIpHeader: string; countryHeader: string };

export const requestContextPlugin = fp(
  async (app: FastifyInstance, options: ClientAddressOptions) => {
    // Who is calling, from the socket and, only behind a trusted proxy, the edge's headers.
    const isTrustedPeer = options.trustedProxies.length > 0 ? proxyAddr.compile(options.trustedProxies) : () => false;
    const usesForwardedFor = options.clientIpHeader === "x-forwarded-for";

    function clientIp(raw: IncomingMessage): string {
      const peer = raw.socket.remoteAddress ?? "";
      if (!isTrustedPeer(peer, 0)) return peer;
      if (usesForwardedFor) return proxyAddr(raw, isTrustedPeer);
      const edgeIp = firstHeader(raw.headers[options.clientIpHeader])?.split(",")[0]?.trim();
      // The address is stored with sessions and registrations: only an address is taken.
      return edgeIp && isIP(edgeIp) !== 0 ? edgeIp : peer;
    }

    function visitorCountry(raw: IncomingMessage): string | null {
      if (!isTrustedPeer(raw.socket.remoteAddress ?? "", 0)) return null;
      const country = firstHeader(raw.headers[options.countryHeader])?.trim().toUpperCase();
      return country && COUNTRY_PATTERN.test(country) && !UNKNOWN_COUNTRIES.has(country) ? country : null;
    }

    app.decorateRequest("client", null as unknown as ClientContext);
    // Callback-style: an async hook costs every request a promise and a tick.
    app.addHook("onRequest", (request, reply, done) => {
      reply.header("x-trace-id", request.id);
      const source = firstHeader(request.headers.source);
      request.client = {
        ip: clientIp(request.raw),
        country: visitorCountry(request.raw),
        source: source && source.length <= 512 ? storableHeader(source, 512) : null,
        platform: firstHeader(request.headers.platform) === "tg" ? "tg" : "web",
        userAgent: storableHeader(request.headers["user-agent"], USER_AGENT_MAX_LENGTH),
      };
      done();
    });
  },
  { name: "request-context" },
);
