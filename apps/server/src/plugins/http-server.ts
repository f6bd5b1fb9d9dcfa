import { randomUUID } from "node:crypto";
import { STATUS_CODES, type Server, type ServerOptions, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { normalizeIP } from "@fastify/rate-limit";
import { ERROR_HTTP_STATUS, type ApiError, type ErrorCode } from "@playfair/contracts/api-error";
import type { FastifyBaseLogger } from "fastify";
import type { ConnectionLimits } from "../config.ts";

/**
 * What the Node HTTP server itself enforces, below Fastify's routing: how long a request may take
 * to arrive, how long idle connections live, how many connections one address may hold, and the
 * error body for requests that never become a Fastify request (the parser refused them).
 */

/** Fastify's server options for the time limits. Fastify's own default turns the request time limit off. */
export function serverTimeoutOptions(limits: ConnectionLimits): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the two limits above on this timer (30 s by default), so a limit is kept to
      // within a quarter of the shorter one rather than half a minute late.
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

type ClientErrorAnswer = { code: ErrorCode; message: string };

const MALFORMED: ClientErrorAnswer = { code: "BAD_REQUEST", message: "The request is malformed." };

/** Node's and llhttp's error codes of requests refused before routing, as the API's error body tells them. */
function clientErrorAnswer(errorCode: string | undefined): ClientErrorAnswer {
  switch (errorCode) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { code: "REQUEST_TIMEOUT", message: "The request did not arrive in time." };
    case "HPE_HEADER_OVERFLOW":
      return { code: "HEADERS_TOO_LARGE", message: "The request headers are too large." };
    case "HPE_INVALID_HEADER_TOKEN":
    case "HPE_INVALID_HEADER_VALUE":
    case "HPE_LF_EXPECTED":
    case "HPE_CR_EXPECTED":
      return { code: "BAD_REQUEST", message: "A request header is malformed." };
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_INVALID_TRANSFER_ENCODING":
    case "HPE_INVALID_CHUNK_SIZE":
      return { code: "BAD_REQUEST", message: "The request's Content-Length or Transfer-Encoding is invalid." };
    case "HPE_INVALID_URL":
      return { code: "BAD_REQUEST", message: "The request target is not a valid path." };
    case "HPE_INVALID_METHOD":
      return { code: "BAD_REQUEST", message: "The request method is not valid." };
    default:
      return MALFORMED;
  }
}

/**
 * Fastify's `clientErrorHandler`: the API's error body, with a trace id of its own (the request's
 * headers were never read) and nothing of the request echoed, then the connection closes. An
 * answer is written only when nothing of another answer has gone out on the connection.
 */
export function createClientErrorHandler(log: () => FastifyBaseLogger) {
  return function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
    // The peer is gone: there is nobody to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { code, message } = clientErrorAnswer(error.code);
    const status = ERROR_HTTP_STATUS[code];
    const traceId = randomUUID();
    // Debug only: these come at the rate a client chooses, and say nothing about our own health.
    log().debug({ traceId, code, reason: error.code }, "request refused by the HTTP parser");
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && (!inFlight || !inFlight.headersSent)) {
      const body: ApiError = { status, code, message, traceId };
      const json = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
          "content-type: application/json; charset=utf-8\r\n" +
          `content-length: ${Buffer.byteLength(json)}\r\n` +
          `x-trace-id: ${traceId}\r\n` +
          "connection: close\r\n\r\n" +
          json,
      );
    }
    socket.destroy();
  };
}

/**
 * At most `maxPerIp` open connections per remote address (IPv6: per /64, the block one subscriber
 * holds); a connection over it is closed before a byte is read. The edge's own addresses are not
 * counted: behind a proxy every client arrives from it, so the edge has to bound each client's
 * connections (docs/configuration.md).
 */
export function limitConnectionsPerAddress(
  server: Server,
  options: { maxPerIp: number; isTrustedPeer: (address: string) => boolean; log: () => FastifyBaseLogger },
): void {
  if (options.maxPerIp <= 0) return;
  const open = new Map<string, number>();
  // Addresses already warned about, until they drop back under the limit: one log line per flood.
  const warned = new Set<string>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || options.isTrustedPeer(address)) return;
    const key = normalizeIP(address, 64);
    const count = open.get(key) ?? 0;
    if (count >= options.maxPerIp) {
      if (!warned.has(key)) {
        warned.add(key);
        options.log().warn({ address: key, limit: options.maxPerIp }, "connection limit per address reached; refusing further connections");
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < options.maxPerIp) warned.delete(key);
    });
  });
}
