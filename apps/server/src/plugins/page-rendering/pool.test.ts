import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { renderWhole, servePage } from "./node-http.ts";
import { createPageRenderPool, type PageRenderPool, type PageRenderPoolOptions } from "./pool.ts";
import type { PageHandlerFactory, PageRenderer, PageRequest } from "./protocol.ts";
import { inProcessRenderer } from "./render.ts";

const HANDLER = new URL("./fixtures/test-page-handler.ts", import.meta.url).href;
const recorded: string[] = [];
const catalogue = {
  async find(name: string) {
    return { name, price: "12.50" };
  },
  async broken() {
    throw Object.assign(new Error("catalogue unavailable"), { code: "DATABASE_UNAVAILABLE" });
  },
  async record(outcome: string) {
    recorded.push(outcome);
  },
};
const logged: string[] = [];
const logger = { error: (_: object, message: string) => logged.push(message), warn: (_: object, message: string) => logged.push(message) };

let pool: PageRenderPool | undefined;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  await pool?.close(0);
  pool = undefined;
  recorded.length = 0;
  logged.length = 0;
});

async function startPool(overrides: Partial<PageRenderPoolOptions> = {}) {
  pool = await createPageRenderPool({
    size: 2,
    handlerModule: HANDLER,
    handlerData: { greeting: "hello" },
    services: { catalogue },
    logger,
    restartDelayMs: 50,
    ...overrides,
  });
  return pool;
}

const page = (path: string, init: Partial<PageRequest> = {}): PageRequest => ({ url: `http://playfair.test${path}`, method: "GET", headers: [], body: null, ...init });
const text = async (renderer: PageRenderer, path: string) => (await renderWhole(renderer, page(path))).body.toString();

describe("page render pool", () => {
  it("renders in a worker thread with the request's method, headers, body and the pool's data", async () => {
    const renderer = (await startPool()).render;
    const echoed = await renderWhole(renderer, page("/echo", { method: "POST", headers: [["x-probe", "42"]], body: new TextEncoder().encode("form=1").buffer }));
    expect(JSON.parse(echoed.body.toString())).toEqual({ greeting: "hello", method: "POST", header: "42", body: "form=1" });
    expect(Number(await text(renderer, "/thread"))).toBeGreaterThan(0); // the main thread's id is 0
  });

  it("answers the workers' service calls from the main thread, errors included", async () => {
    const renderer = (await startPool()).render;
    expect(JSON.parse(await text(renderer, "/service?name=chips"))).toEqual({ name: "chips", price: "12.50" });
    expect(JSON.parse(await text(renderer, "/service-error"))).toEqual({ message: "catalogue unavailable", code: "DATABASE_UNAVAILABLE" });
  });

  it("sends each chunk as exactly its bytes, not the larger buffer it was a view of", async () => {
    const renderer = (await startPool()).render;
    const received: Uint8Array[] = [];
    await new Promise<void>((resolve, reject) =>
      renderer(page("/views"), { head: () => undefined, chunk: (bytes) => received.push(bytes), end: resolve, fail: reject }),
    );
    expect(Buffer.concat(received).toString()).toBe("pooled;middle;tail;");
    expect(received.map((chunk) => chunk.buffer.byteLength)).toEqual(received.map((chunk) => chunk.byteLength));
  });

  it("spreads concurrent renders over the workers and queues beyond their capacity", async () => {
    const renderer = (await startPool({ rendersPerWorker: 1 })).render;
    const threads = await Promise.all(Array.from({ length: 6 }, () => text(renderer, "/thread")));
    expect(new Set(threads).size).toBe(2);
  });

  it("answers 503 with Retry-After when too many requests wait", async () => {
    const renderer = (await startPool({ size: 1, rendersPerWorker: 1, maxQueued: 1 })).render;
    // Both are stopped by closing the pool below: only the refusal is of interest.
    const stopped = Promise.allSettled([renderWhole(renderer, page("/slow")), renderWhole(renderer, page("/echo"))]);
    const refused = await renderWhole(renderer, page("/echo"));
    expect(refused.status).toBe(503);
    expect(refused.headers).toContainEqual(["retry-after", "1"]);
    await pool!.close(0);
    pool = undefined;
    await stopped;
  });

  it("fails the renders of a worker that dies and starts a replacement", async () => {
    const renderPool = await startPool({ size: 1 });
    const before = await text(renderPool.render, "/thread");
    await expect(renderWhole(renderPool.render, page("/exit"))).rejects.toThrow("exited with code 3");
    await expect.poll(() => renderPool.workers.length, { timeout: 5000 }).toBe(1);
    expect(await text(renderPool.render, "/thread")).not.toBe(before);
    expect(logged).toContain("page-render worker stopped; starting a replacement");
  });

  it("does not start when the handler module cannot be loaded", async () => {
    await expect(startPool({ handlerModule: new URL("./fixtures/missing-handler.ts", import.meta.url).href })).rejects.toThrow();
  });
});

/** An HTTP server whose every request is served by a renderer onto Node's response, with a header of its own. */
async function startServing(renderer: PageRenderer) {
  server = createServer((request, response) => {
    response.setHeader("x-trace-id", "set-before-the-page");
    servePage(renderer, request, response, { origin: "https://playfair.example", maxBodyBytes: 1024, logger });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The test handler in this thread, with the services called directly: the development path. */
async function inThisThread(): Promise<PageRenderer> {
  const { createPageHandler } = (await import(HANDLER)) as { createPageHandler: PageHandlerFactory };
  const services = { catalogue } as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  return inProcessRenderer(await createPageHandler({ callService: (service, method, args) => services[service]![method]!(...args), data: { greeting: "hello" } }));
}

const RENDERERS: [string, () => Promise<PageRenderer>][] = [
  ["on worker threads", async () => (await startPool()).render],
  ["in this thread", inThisThread],
];

describe.each(RENDERERS)("a page rendered %s, streamed onto Node's response", (_name, makeRenderer) => {
  it("gives the handler the request's method, headers and body on the configured origin, and sends its answer", async () => {
    const origin = await startServing(await makeRenderer());
    const response = await fetch(`${origin}/echo`, { method: "POST", headers: { "x-probe": "42" }, body: "form=1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ greeting: "hello", method: "POST", header: "42", body: "form=1" });
    expect(response.headers.get("x-trace-id")).toBe("set-before-the-page");
    const address = await fetch(`${origin}/address?x=1`, { headers: { host: "attacker.example" } });
    expect(await address.text()).toBe("https://playfair.example/address?x=1");
  });

  it("keeps status, repeated Set-Cookie headers, streaming, and sends no body for HEAD or 304", async () => {
    const origin = await startServing(await makeRenderer());
    const withCookies = await fetch(`${origin}/cookies`);
    expect(withCookies.status).toBe(201);
    expect(withCookies.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await withCookies.text()).toBe("ok");
    expect(await (await fetch(`${origin}/stream`)).text()).toBe("part0;part1;part2;");
    const head = await fetch(`${origin}/stream`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const notModified = await fetch(`${origin}/not-modified`);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
  });

  it("refuses a body over the limit with 413, declared or not, and keeps serving", async () => {
    const origin = await startServing(await makeRenderer());
    const declared = await fetch(`${origin}/echo`, { method: "POST", body: "x".repeat(2048) });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("Payload Too Large");
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(800)));
        controller.enqueue(new TextEncoder().encode("x".repeat(800)));
        controller.close();
      },
    });
    const chunked = await fetch(`${origin}/echo`, { method: "POST", body: streamed, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(`${origin}/echo`)).status).toBe(200);
  });

  it("answers 500 when the render fails before its head, logs it, and keeps serving", async () => {
    const origin = await startServing(await makeRenderer());
    const failed = await fetch(`${origin}/throw`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Internal Server Error");
    expect(logged).toContain("page render failed");
    expect((await fetch(`${origin}/echo`)).status).toBe(200);
  });

  it("breaks the answer off when the page fails after its head, instead of ending it as if complete", async () => {
    const origin = await startServing(await makeRenderer());
    const response = await fetch(`${origin}/break`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logged).toContain("page render failed");
    expect((await fetch(`${origin}/echo`)).status).toBe(200);
  });

  it("stops the render when the visitor goes away, waiting or streaming", async () => {
    const origin = await startServing(await makeRenderer());
    const waiting = get(`${origin}/slow`);
    waiting.on("error", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    waiting.destroy();
    await expect.poll(() => recorded).toEqual(["aborted"]);

    const streaming = get(`${origin}/endless`, (response) => {
      response.once("data", () => streaming.destroy());
    });
    streaming.on("error", () => undefined);
    await expect.poll(() => recorded).toEqual(["aborted", "cancelled"]);
  });
});
