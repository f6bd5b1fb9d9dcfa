import type { AddressInfo } from "node:net";
import type { IncomingMessage } from "node:http";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createHotResponder, hotResponseServerFactory, type HotResponderOptions } from "./hot-responses.ts";

const BODY = Buffer.from(JSON.stringify({ data: [{ code: "USD" }] }));
const ROUTE_HEADERS = { "cache-control": "public, max-age=900", "content-type": "application/json; charset=utf-8" };

let closeServer: (() => Promise<unknown>) | undefined;

afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/** A Fastify server with the responder in front; its own route answers "from fastify". */
async function start(overrides: Partial<HotResponderOptions> = {}, fastifyOptions: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number } = {}) {
  const responder = createHotResponder({
    commonHeaders: { "x-content-type-options": "nosniff" },
    traceIdOf: (request) => (typeof request.headers["x-trace-id"] === "string" ? request.headers["x-trace-id"] : "made-here"),
    maxBodyBytes: 1024,
    ...overrides,
  });
  const app = Fastify({ serverFactory: hotResponseServerFactory(responder), ...fastifyOptions });
  app.all("/*", async (request) => ({ from: "fastify", method: request.method, url: request.url }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  closeServer = () => app.close();
  const { port } = app.server.address() as AddressInfo;
  return { responder, app, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

describe("hot responses", () => {
  it("answers a registered address itself, with the common and the route's headers", async () => {
    const { responder, url } = await start();
    responder.register("/api/settings/currencies", ROUTE_HEADERS, () => BODY);
    const response = await fetch(url("/api/settings/currencies"), { headers: { "x-trace-id": "trace-1" } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BODY);
    expect(response.headers.get("x-trace-id")).toBe("trace-1");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=900");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-length")).toBe(String(BODY.byteLength));
    expect(responder.answeredCount).toBe(1);
  });

  it("answers each request with the body its route gives at that moment", async () => {
    const { responder, url } = await start();
    let version = 1;
    responder.register("/api/hot", ROUTE_HEADERS, () => Buffer.from(`{"version":${version}}`));
    expect(await (await fetch(url("/api/hot"))).json()).toEqual({ version: 1 });
    version = 2;
    expect(await (await fetch(url("/api/hot"))).json()).toEqual({ version: 2 });
  });

  it.each([
    ["another method", "/api/hot", { method: "POST", body: "{}" }],
    ["a HEAD request", "/api/hot", { method: "HEAD" }],
    ["another query string", "/api/hot?visible=true", {}],
    ["an unregistered address", "/api/cold", {}],
    ["a GET with a body", "/api/hot", { method: "GET", headers: { "content-length": "2" } }],
  ] as const)("leaves %s to Fastify", async (_case, path, init) => {
    const { responder, url } = await start();
    responder.register("/api/hot", ROUTE_HEADERS, () => BODY);
    const { body, headers, method } = init as { body?: string; headers?: Record<string, string>; method?: string };
    const response = headers?.["content-length"]
      ? await rawRequest(url(path), "GET /api/hot HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}")
      : await fetch(url(path), { ...(method ? { method } : {}), ...(body ? { body } : {}) }).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    expect(response.status).toBe(200);
    if (method !== "HEAD") expect(JSON.parse(response.text)).toMatchObject({ from: "fastify" });
    expect(responder.answeredCount).toBe(0);
  });

  it("leaves the request to Fastify when the route has no fresh body or it is over the size limit", async () => {
    const { responder, url } = await start();
    responder.register("/api/stale", ROUTE_HEADERS, () => undefined);
    responder.register("/api/large", ROUTE_HEADERS, () => Buffer.alloc(2048, 32));
    expect(await (await fetch(url("/api/stale"))).json()).toMatchObject({ from: "fastify" });
    expect(await (await fetch(url("/api/large"))).json()).toMatchObject({ from: "fastify" });
    expect(responder.answeredCount).toBe(0);
  });

  it("counts every answer against the client's budget and leaves refusals to Fastify", async () => {
    const counted: string[] = [];
    let remaining = 2;
    const { responder, url } = await start({
      withinBudget: (request: IncomingMessage) => {
        counted.push(request.socket.remoteAddress ?? "");
        return remaining-- > 0;
      },
    });
    responder.register("/api/hot", ROUTE_HEADERS, () => BODY);
    const bodies = [];
    for (let attempt = 0; attempt < 3; attempt++) bodies.push(await (await fetch(url("/api/hot"))).text());
    expect(bodies.slice(0, 2)).toEqual([BODY.toString(), BODY.toString()]);
    expect(JSON.parse(bodies[2]!)).toMatchObject({ from: "fastify" });
    expect(counted).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
  });

  it("sends everything to Fastify once stopped (the server is closing)", async () => {
    const { responder, url } = await start();
    responder.register("/api/hot", ROUTE_HEADERS, () => BODY);
    responder.stop();
    expect(await (await fetch(url("/api/hot"))).json()).toMatchObject({ from: "fastify" });
  });

  it("matches an address with its query string exactly", async () => {
    const { responder, url } = await start();
    responder.register("/api/hot?visible=true", ROUTE_HEADERS, () => BODY);
    expect(Buffer.from(await (await fetch(url("/api/hot?visible=true"))).arrayBuffer())).toEqual(BODY);
    expect(await (await fetch(url("/api/hot?visible=1"))).json()).toMatchObject({ from: "fastify" });
    expect(responder.answeredCount).toBe(1);
  });

  it("refuses an address that is not a path and a second answer for one address", () => {
    const responder = createHotResponder({ commonHeaders: {}, traceIdOf: () => "t", maxBodyBytes: 10 });
    expect(() => responder.register("api/hot", {}, () => BODY)).toThrow(/path/);
    responder.register("/api/hot", {}, () => BODY);
    expect(() => responder.register("/api/hot", {}, () => BODY)).toThrow(/already/);
  });

  it("keeps Fastify's connection timeouts on the server it makes", async () => {
    const settings = { keepAliveTimeout: 1234, requestTimeout: 5678, connectionTimeout: 910, maxRequestsPerSocket: 11 };
    const { app } = await start({}, settings);
    const plain = Fastify(settings);
    const timeoutsOf = (server: typeof app.server) => [server.keepAliveTimeout, server.requestTimeout, server.timeout, server.maxRequestsPerSocket];
    expect(timeoutsOf(app.server)).toEqual([1234, 5678, 910, 11]);
    expect(timeoutsOf(app.server)).toEqual(timeoutsOf(plain.server));
  });
});

/** One raw HTTP/1.1 exchange (fetch cannot send a GET with a body). */
async function rawRequest(url: string, request: string): Promise<{ status: number; text: string }> {
  const { connect } = await import("node:net");
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), text: rest.join("\r\n\r\n") });
    });
  });
}
