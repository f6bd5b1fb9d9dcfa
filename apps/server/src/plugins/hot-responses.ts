import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";

/** The body of a hot answer, or `undefined` to let Fastify's route answer this request. */
export type HotBody = () => Buffer | undefined;

export type HotResponderOptions = {
  /** Headers every API answer carries (helmet's API set); a route adds its own. */
  commonHeaders: Readonly<Record<string, string>>;
  /** The request id Fastify would give this request (`traceIdFrom`), echoed as `x-trace-id`. */
  traceIdOf: (request: IncomingMessage) => string;
  /**
   * Counts the request against the client's budget; `false` when it is over. The over-budget
   * request then goes to Fastify, which refuses it with the usual 429 answer.
   */
  withinBudget?: (request: IncomingMessage) => boolean;
  /** Larger bodies go to Fastify, whose size guard turns them into an error answer. */
  maxBodyBytes: number;
};

export type HotResponder = ReturnType<typeof createHotResponder>;

/**
 * Answers the hottest read-only API addresses (the reference data every page load asks for) in
 * the `node:http` request event, before Fastify routes the request, with exactly the bytes and
 * headers Fastify's own route for that address would send.
 *
 * Why: the platform issue asks the hottest endpoint for 70% of a bare `node:http` server's
 * throughput. Pinned to one core, a plain one-route Fastify server with nothing else reached only
 * 67-71% of bare on these answers, and our route 58% (README, Performance): the framework's own
 * pipeline (routing, request and reply objects, hook runners, header handling) leaves no room for
 * any hook. Answered here, the endpoint measures above 80% of bare.
 *
 * What still applies: the trace id (taken from the request or made, and echoed), the per-client
 * request budget (shared with the rate-limit plugin), helmet's API headers and the route's own,
 * the response size limit. Anything this path does not fully handle goes to Fastify unchanged:
 * another method, an address spelt differently, a request body, a route whose data is stale (Fastify's route
 * reloads it), a client over its budget, and every request once the server is closing (so
 * Fastify's 503 and `connection: close` apply). Operators who log every request
 * (`LOG_REQUESTS`) do not create this responder, so every request is logged.
 *
 * Each address must also stay a Fastify route: that route answers everything this path passes
 * on, documents the endpoint in OpenAPI, and serves `app.inject`.
 */
export function createHotResponder(options: HotResponderOptions) {
  const routes = new Map<string, { body: HotBody; headers: string[] }>();
  let isStopped = false;
  let answered = 0;

  return {
    /**
     * Serves GET `address` with the body `body` returns and `headers` (its content type and
     * caching) after the common ones. The address is matched exactly, query string included, as
     * the site's own pages send it; any other spelling goes to Fastify.
     */
    register(address: string, headers: Readonly<Record<string, string>>, body: HotBody) {
      if (!address.startsWith("/")) throw new Error(`a hot address is a path: ${address}`);
      if (routes.has(address)) throw new Error(`${address} already has a hot answer`);
      const constant = Object.entries({ ...options.commonHeaders, ...headers }).flat();
      routes.set(address, { body, headers: constant });
    },

    /** Answers `request` and returns true, or returns false and leaves it untouched. */
    tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
      if (isStopped || request.method !== "GET") return false;
      const route = routes.get(request.url ?? "");
      if (route === undefined) return false;
      const { headers } = request;
      if (headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0")) return false;
      const body = route.body();
      if (body === undefined || body.byteLength > options.maxBodyBytes) return false;
      if (options.withinBudget && !options.withinBudget(request)) return false;
      answered += 1;
      response.writeHead(200, ["x-trace-id", options.traceIdOf(request), ...route.headers, "content-length", String(body.byteLength)]);
      response.end(body);
      return true;
    },

    /** From now on every request goes to Fastify (called when the server starts closing). */
    stop() {
      isStopped = true;
    },

    /** Requests answered here so far (an operator's and a test's view of the path). */
    get answeredCount() {
      return answered;
    },
  };
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would create, with the hot responder in
 * front of Fastify's request handler. Fastify skips its own timeout settings when it is given a
 * factory, so they are applied here from Fastify's resolved options.
 */
export function hotResponseServerFactory(responder: HotResponder): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const settings = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!responder.tryAnswer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
}
