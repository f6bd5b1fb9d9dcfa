import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPageRenderPool, type PageRenderPool, type PageRenderPoolOptions } from "./pool.ts";

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
    maxBodyBytes: 1024,
    logger,
    restartDelayMs: 50,
    ...overrides,
  });
  return pool;
}

const page = (path: string, init?: RequestInit) => new Request(`http://playfair.test${path}`, init);

describe("page render pool", () => {
  it("renders in a worker thread with the request's method, headers, body and the pool's data", async () => {
    const renderer = await startPool();
    const response = await renderer.render(page("/echo", { method: "POST", headers: { "x-probe": "42" }, body: "form=1" }));
    expect(await response.json()).toEqual({ greeting: "hello", method: "POST", header: "42", body: "form=1" });
    const thread = await (await renderer.render(page("/thread"))).text();
    expect(Number(thread)).toBeGreaterThan(0); // the main thread's id is 0
  });

  it("answers the workers' service calls from the main thread, errors included", async () => {
    const renderer = await startPool();
    expect(await (await renderer.render(page("/service?name=chips"))).json()).toEqual({ name: "chips", price: "12.50" });
    expect(await (await renderer.render(page("/service-error"))).json()).toEqual({ message: "catalogue unavailable", code: "DATABASE_UNAVAILABLE" });
  });

  it("keeps status, repeated Set-Cookie headers and bodiless statuses", async () => {
    const renderer = await startPool();
    const withCookies = await renderer.render(page("/cookies"));
    expect(withCookies.status).toBe(201);
    expect(withCookies.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const notModified = await renderer.render(page("/not-modified"));
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
  });

  it("streams a body as the worker produces it", async () => {
    const renderer = await startPool();
    const response = await renderer.render(page("/stream"));
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("part0;part1;part2;");
  });

  it("sends each chunk as exactly its bytes, not the larger buffer it was a view of", async () => {
    const renderer = await startPool();
    const reader = (await renderer.render(page("/views"))).body!.getReader();
    const received: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) received.push(read.value);
    expect(Buffer.concat(received).toString()).toBe("pooled;middle;tail;");
    expect(received.map((chunk) => chunk.buffer.byteLength)).toEqual(received.map((chunk) => chunk.byteLength));
  });

  it("refuses a body over the limit with 413 without reaching a worker", async () => {
    const renderer = await startPool();
    const response = await renderer.render(page("/echo", { method: "POST", body: "x".repeat(2048) }));
    expect(response.status).toBe(413);
  });

  it("rejects a render whose handler throws, and keeps serving", async () => {
    const renderer = await startPool();
    await expect(renderer.render(page("/throw"))).rejects.toThrow("handler exploded");
    expect((await renderer.render(page("/echo"))).status).toBe(200);
  });

  it("passes an aborted request on to the worker, which stops", async () => {
    const renderer = await startPool();
    const abort = new AbortController();
    const rendering = renderer.render(page("/slow", { signal: abort.signal }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    abort.abort();
    await expect(rendering).rejects.toThrow();
    await expect.poll(() => recorded).toEqual(["aborted"]);
  });

  it("stops a streaming page in the worker when the visitor goes away mid-body", async () => {
    const renderer = await startPool();
    const abort = new AbortController();
    const response = await renderer.render(page("/endless", { signal: abort.signal }));
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("more;");
    abort.abort();
    await expect.poll(() => recorded).toEqual(["cancelled"]);
  });

  it("spreads concurrent renders over the workers and queues beyond their capacity", async () => {
    const renderer = await startPool({ rendersPerWorker: 1 });
    const threads = await Promise.all(Array.from({ length: 6 }, async () => (await renderer.render(page("/thread"))).text()));
    expect(new Set(threads).size).toBe(2);
  });

  it("fails the renders of a worker that dies and starts a replacement", async () => {
    const renderer = await startPool({ size: 1 });
    const before = await (await renderer.render(page("/thread"))).text();
    await expect(renderer.render(page("/exit"))).rejects.toThrow("exited with code 3");
    await expect.poll(() => renderer.workers.length, { timeout: 5000 }).toBe(1);
    const after = await (await renderer.render(page("/thread"))).text();
    expect(after).not.toBe(before);
    expect(logged).toContain("page-render worker stopped; starting a replacement");
  });

  it("does not start when the handler module cannot be loaded", async () => {
    await expect(startPool({ handlerModule: new URL("./fixtures/missing-handler.ts", import.meta.url).href })).rejects.toThrow();
  });
});

/** An HTTP server whose every request is served by the pool's streaming path, with a header of its own. */
async function startServing(overrides: Partial<PageRenderPoolOptions> = {}) {
  const renderer = await startPool(overrides);
  server = createServer((request, response) => {
    response.setHeader("x-trace-id", "set-before-the-page");
    renderer.serve(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { renderer, origin };
}

describe("page render pool, streaming onto Node's response", () => {
  it("gives the worker the request's method, headers, body and address, and sends its answer", async () => {
    const { origin } = await startServing();
    const response = await fetch(`${origin}/echo`, { method: "POST", headers: { "x-probe": "42" }, body: "form=1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ greeting: "hello", method: "POST", header: "42", body: "form=1" });
    expect(response.headers.get("x-trace-id")).toBe("set-before-the-page");
  });

  it("keeps status, repeated Set-Cookie headers, streaming, and sends no body for HEAD or 304", async () => {
    const { origin } = await startServing();
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
    const { origin } = await startServing();
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
    const { origin } = await startServing();
    const failed = await fetch(`${origin}/throw`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Internal Server Error");
    expect(logged).toContain("page render failed");
    expect((await fetch(`${origin}/echo`)).status).toBe(200);
  });

  it("breaks the answer off when the page fails after its head, instead of ending it as if complete", async () => {
    const { origin } = await startServing();
    const response = await fetch(`${origin}/break`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logged).toContain("page render failed");
    expect((await fetch(`${origin}/echo`)).status).toBe(200);
  });

  it("stops the render in the worker when the visitor goes away, waiting or streaming", async () => {
    const { origin } = await startServing();
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

  it("gives written page buffers back to the workers, which copy later pages into them intact", async () => {
    const { renderer, origin } = await startServing({ size: 1 });
    const expected = (size: number) => Array.from({ length: size }, (_, index) => String.fromCharCode(97 + (index % 26))).join("");
    expect(await (await fetch(`${origin}/big`)).text()).toBe(expected(65_536));
    await expect.poll(() => renderer.spareBufferCount).toBe(1);
    // The next render takes the buffer back to the worker, which copies its smaller page into it:
    // the chunk arrives as a view of the given-back 64 KB buffer, not a buffer of its own.
    const reader = (await renderer.render(page("/big?size=40000"))).body!.getReader();
    const chunk = (await reader.read()).value!;
    expect(chunk.byteLength).toBe(40_000);
    expect(chunk.buffer.byteLength).toBe(65_536);
    expect(Buffer.from(chunk).toString()).toBe(expected(40_000));
    expect(renderer.spareBufferCount).toBe(0);
    // Later pages, small and large, still arrive intact.
    expect(await (await fetch(`${origin}/views`)).text()).toBe("pooled;middle;tail;");
    expect(await (await fetch(`${origin}/big`)).text()).toBe(expected(65_536));
  });
});
