import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Worker } from "node:worker_threads";
import { callServiceMethod, serializeError, type FromWorker, type HeaderList, type RenderRequest, type ToWorker } from "./protocol.ts";
import type { PageWorkerData } from "./worker.ts";

/** Renders one page request; the same shape as React Router's own request handler. */
export type PageRenderer = (request: Request) => Promise<Response>;

/** Renders one page request straight from Node's request onto Node's response. */
export type PageStreamer = (request: IncomingMessage, response: ServerResponse) => void;

export type PageRenderPool = {
  /** The page as a fetch Response (whole-page callers such as the guest page cache). */
  render: PageRenderer;
  /**
   * The page written straight to the socket: the same render, without building a fetch Request,
   * Response and web streams in this thread (see serve() below).
   */
  serve: PageStreamer;
  /** Waits for the renders in flight (up to `graceMs`), then stops the workers. */
  close(graceMs?: number): Promise<void>;
  /** Live worker threads (tests stop one to check the pool replaces it). */
  readonly workers: readonly Worker[];
  /** Written chunk buffers waiting to go back to a worker (tests check they are given back). */
  readonly spareBufferCount: number;
};

export type PageRenderPoolOptions = {
  size: number;
  /** File URL of a module exporting `createPageHandler` (protocol.ts: PageHandlerFactory). */
  handlerModule: string;
  /** Structured-cloneable data handed to `createPageHandler` in every worker. */
  handlerData: unknown;
  /** Objects whose methods answer the workers' service calls: `services[service][method](...args)`. */
  services: object;
  /** Largest request body forwarded to a worker; a larger one is answered 413. */
  maxBodyBytes: number;
  logger: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** Renders a worker works on at once, counted until their first bytes (default 2). */
  rendersPerWorker?: number;
  /** Requests that may wait for a worker; more are answered 503 (default 1000). */
  maxQueued?: number;
  /** First delay before a crashed worker is replaced; it doubles while replacements keep failing. */
  restartDelayMs?: number;
};

/** Where a render's answer goes, message by message: a fetch Response (render) or a Node response (serve). */
type RenderSink = {
  head(status: number, statusText: string, headers: HeaderList): void;
  chunk(bytes: Uint8Array): void;
  end(): void;
  /** The render failed or was stopped; after head() the answer breaks off. */
  fail(error: Error): void;
};

type PendingRender = {
  sink: RenderSink;
  /** Still counted in its worker's `rendering` (no head, error or abort yet). */
  isRendering: boolean;
};

type Slot = { worker: Worker; renders: Map<number, PendingRender>; rendering: number; ready: boolean };
type QueuedRender = { message: RenderRequest; pending: PendingRender };
/** Stops a render wherever it is: waiting, rendering or streaming. Its sink gets `reason`. */
type StopRender = (reason: Error) => void;

const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const MAX_RESTART_DELAY_MS = 30_000;
/**
 * Written chunk buffers kept to give back to the workers, and how many ride along with each render.
 * Only page-sized ones are worth it: small chunks cost little to allocate.
 */
const MAX_SPARE_BUFFERS = 16;
const SPARE_BUFFERS_PER_RENDER = 2;
const MIN_SPARE_BUFFER_BYTES = 16 * 1024;
/** A full queue: the visitor is asked to come back in a second rather than wait behind it. */
const QUEUE_FULL = { status: 503, text: "Service Unavailable", headers: { "retry-after": "1" } } as const;

/**
 * Server-side rendering on worker threads of this process. Rendering a page is pure CPU (React,
 * React Router), so the main thread only parses HTTP, answers the API and the websocket, and
 * hands page requests to the workers; with one worker per core, pages render in parallel and a
 * burst of page views no longer delays API answers.
 *
 * Each worker renders at most `rendersPerWorker` pages at once (default 2: one may wait for a
 * service answer from the main thread while the other uses the CPU; more only stretch every
 * render, since they share the worker's CPU, and measured slower with a longer tail); the rest
 * wait in arrival order, so a burst of page views is served first come, first served instead of all sharing one
 * worker's CPU. A render stops counting once its first bytes are out (the shell); what follows is
 * streamed data.
 *
 * Pages stream back chunk by chunk as React produces them. There is no back-pressure from the
 * socket to the worker: a page is at most a few hundred kilobytes, which the main thread holds
 * for a slow reader instead of the worker.
 */
export async function createPageRenderPool(options: PageRenderPoolOptions): Promise<PageRenderPool> {
  const rendersPerWorker = options.rendersPerWorker ?? 2;
  const maxQueued = options.maxQueued ?? 1000;
  const slots: Slot[] = [];
  const queue: QueuedRender[] = [];
  /**
   * Buffers of chunks already written to their sockets (serve()), given back to the workers with
   * the next renders. Without this, every page left a transferred buffer of about 50 KB of
   * external memory in this thread, which only a garbage collection frees; this thread allocates
   * so little else that V8 collected them by full mark-compacts, about one a second under page
   * load, each pausing every page in flight.
   */
  const spareBuffers: ArrayBuffer[] = [];
  function keepSpare(buffer: ArrayBuffer) {
    if (buffer.byteLength >= MIN_SPARE_BUFFER_BYTES && spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
  }
  let nextRenderId = 1;
  let isClosing = false;
  let restartDelayMs = options.restartDelayMs ?? 1000;
  const workerData: PageWorkerData = { handlerModule: options.handlerModule, handlerData: options.handlerData };

  function post(slot: Slot, message: ToWorker, transfer: ArrayBuffer[] = []) {
    slot.worker.postMessage(message, transfer);
  }

  async function answerCall(slot: Slot, message: Extract<FromWorker, { kind: "call" }>) {
    try {
      const value = await callServiceMethod(options.services, message.service, message.method, message.args);
      post(slot, { kind: "reply", callId: message.callId, ok: true, value });
    } catch (error) {
      post(slot, { kind: "reply", callId: message.callId, ok: false, error: serializeError(error) });
    }
  }

  /** The render no longer occupies its worker's CPU: the next waiting one may start. */
  function shellDone(slot: Slot, pending: PendingRender) {
    if (!pending.isRendering) return;
    pending.isRendering = false;
    slot.rendering--;
    dispatch();
  }

  function onMessage(slot: Slot, message: FromWorker) {
    if (message.kind === "call") {
      void answerCall(slot, message);
      return;
    }
    if (message.kind === "ready") return;
    const pending = slot.renders.get(message.id);
    if (!pending) return; // aborted already
    switch (message.kind) {
      case "head":
        shellDone(slot, pending);
        pending.sink.head(message.status, message.statusText, message.headers);
        return;
      case "chunk":
        pending.sink.chunk(message.bytes);
        return;
      case "end":
        slot.renders.delete(message.id);
        pending.sink.end();
        return;
      case "error":
        slot.renders.delete(message.id);
        shellDone(slot, pending);
        pending.sink.fail(new Error(`Page render failed: ${message.message}`));
        return;
    }
  }

  function dispatch() {
    while (queue.length > 0) {
      let slot: Slot | undefined;
      for (const candidate of slots) {
        if (candidate.ready && candidate.rendering < rendersPerWorker && (!slot || candidate.rendering < slot.rendering)) slot = candidate;
      }
      if (!slot) return;
      const { message, pending } = queue.shift()!;
      slot.renders.set(message.id, pending);
      slot.rendering++;
      const spare = spareBuffers.splice(0, SPARE_BUFFERS_PER_RENDER);
      post(slot, { kind: "render", ...message, spareBuffers: spare }, message.body ? [message.body, ...spare] : spare);
    }
  }

  function start(): Promise<Slot> {
    const slot: Slot = { worker: new Worker(WORKER_ENTRY, { workerData, name: "page-render" }), renders: new Map(), rendering: 0, ready: false };
    slots.push(slot);
    return new Promise((resolve, reject) => {
      slot.worker.on("message", (message: FromWorker) => {
        if (message.kind === "ready" && !slot.ready) {
          slot.ready = true;
          restartDelayMs = options.restartDelayMs ?? 1000;
          resolve(slot);
          dispatch();
        }
        onMessage(slot, message);
      });
      slot.worker.on("error", (error) => {
        if (!slot.ready) reject(error);
        else options.logger.error({ err: error }, "page-render worker crashed");
      });
      slot.worker.on("exit", (code) => {
        slots.splice(slots.indexOf(slot), 1);
        const error = new Error(`page-render worker exited with code ${code}`);
        for (const pending of slot.renders.values()) pending.sink.fail(error);
        slot.renders.clear();
        if (!slot.ready) reject(error);
        if (isClosing) return;
        dispatch();
        options.logger.warn({ code, restartInMs: restartDelayMs }, "page-render worker stopped; starting a replacement");
        scheduleReplacement();
      });
    });
  }

  function scheduleReplacement() {
    const delay = restartDelayMs;
    restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    setTimeout(() => {
      if (isClosing) return;
      start().catch((error: unknown) => {
        options.logger.error({ err: error }, "page-render worker could not start");
        // Nothing may be left to take the waiting requests; they get an error now, not a hang.
        if (!slots.some((slot) => slot.ready)) {
          for (const { pending } of queue.splice(0)) pending.sink.fail(new Error("No page-render worker is running"));
        }
      });
    }, delay).unref();
  }

  try {
    await Promise.all(Array.from({ length: options.size }, () => start()));
  } catch (error) {
    isClosing = true;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
    throw error;
  }

  /** Queues a render; the returned function stops it wherever it has got to. */
  function enqueue(message: RenderRequest, sink: RenderSink): StopRender {
    const queued: QueuedRender = { message, pending: { sink, isRendering: true } };
    queue.push(queued);
    dispatch();
    return (reason) => {
      const { pending } = queued;
      const waiting = queue.indexOf(queued);
      if (waiting !== -1) {
        queue.splice(waiting, 1);
        sink.fail(reason);
        return;
      }
      const slot = slots.find((candidate) => candidate.renders.get(message.id) === pending);
      if (!slot) return; // finished already
      slot.renders.delete(message.id);
      post(slot, { kind: "abort", id: message.id });
      shellDone(slot, pending);
      sink.fail(reason);
    };
  }

  const isQueueFull = () => queue.length >= maxQueued;

  async function render(request: Request): Promise<Response> {
    let body: ArrayBuffer | null = null;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const declared = Number(request.headers.get("content-length") ?? 0);
      if (declared > options.maxBodyBytes) return new Response("Payload Too Large", { status: 413 });
      body = await request.arrayBuffer();
      if (body.byteLength > options.maxBodyBytes) return new Response("Payload Too Large", { status: 413 });
    }
    if (slots.length === 0 || isClosing) throw new Error("No page-render worker is running");
    if (isQueueFull()) return new Response(QUEUE_FULL.text, { status: QUEUE_FULL.status, headers: QUEUE_FULL.headers });

    const message: RenderRequest = { id: nextRenderId++, url: request.url, method: request.method, headers: [...request.headers], body };
    return new Promise<Response>((resolve, reject) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      const stop = enqueue(message, {
        head(status, statusText, headerList) {
          const headers = new Headers(headerList);
          if (NULL_BODY_STATUSES.has(status)) {
            resolve(new Response(null, { status, statusText, headers }));
            return;
          }
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              stream = controller;
            },
            cancel() {
              // The visitor went away: the worker stops rendering.
              stop(new Error("The response body was cancelled"));
            },
          });
          resolve(new Response(body, { status, statusText, headers }));
        },
        chunk(bytes) {
          stream?.enqueue(bytes);
        },
        end() {
          stream?.close();
        },
        fail(error) {
          if (stream) stream.error(error);
          else reject(error);
        },
      });
      request.signal.addEventListener(
        "abort",
        () => stop(request.signal.reason instanceof Error ? request.signal.reason : new Error("The request was aborted")),
        { once: true },
      );
    });
  }

  /**
   * The streaming path of every page that is not served from the guest page cache. The request
   * crosses to the worker as plain data taken from Node's request (the same URL, method, headers
   * and body a fetch Request would carry), and the worker's head and chunks are written to Node's
   * response as they arrive. Building a fetch Request, a Response and a web stream per page in this
   * thread (what @remix-run/node-fetch-server does for the fetch-style handler) cost about a fifth
   * of this thread's work per page, and about 26 KB of each page's objects then survived minor
   * garbage collections until a full one (likely because undici registers every Request made with
   * an abort signal in a FinalizationRegistry): under page load this thread's young-generation
   * collections copied several megabytes each, pausing every page in flight for 15-40 ms.
   */
  function serve(request: IncomingMessage, response: ServerResponse): void {
    void serveNow(request, response).catch((error: unknown) => {
      answerFailure(response, error instanceof Error ? error : new Error(String(error)));
    });
  }

  /** A render that failed: a logged 500 before the head, a broken-off answer after it. */
  function answerFailure(response: ServerResponse, error: Error): void {
    if (response.destroyed) return;
    options.logger.error({ err: error }, "page render failed");
    if (response.headersSent) response.destroy(error);
    else answerPlain(response, 500, "Internal Server Error");
  }

  async function serveNow(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    let body: ArrayBuffer | null = null;
    if (method !== "GET" && method !== "HEAD") {
      const declared = Number(request.headers["content-length"] ?? 0);
      const read = declared > options.maxBodyBytes ? "too large" : await readBody(request, options.maxBodyBytes);
      if (read === "too large") return answerPlain(response, 413, "Payload Too Large");
      if (read === "aborted") return;
      body = read;
    }
    if (slots.length === 0 || isClosing) throw new Error("No page-render worker is running");
    if (isQueueFull()) return answerPlain(response, QUEUE_FULL.status, QUEUE_FULL.text, QUEUE_FULL.headers);
    if (response.destroyed) return;

    const isEncrypted = "encrypted" in request.socket && request.socket.encrypted === true;
    const message: RenderRequest = {
      id: nextRenderId++,
      url: `${isEncrypted ? "https:" : "http:"}//${request.headers.host ?? "localhost"}${request.url ?? "/"}`,
      method,
      headers: headerListOf(request),
      body,
    };
    let isBodyless = method === "HEAD";
    let isGone = false;
    const stop = enqueue(message, {
      head(status, statusText, headers) {
        if (isGone) return;
        if (NULL_BODY_STATUSES.has(status)) isBodyless = true;
        response.writeHead(status, statusText, outgoingHeadersOf(headers));
      },
      chunk(bytes) {
        if (isBodyless || isGone) return;
        // Once written, the chunk's buffer goes back to a worker for a later page (keepSpare).
        response.write(bytes, (error) => {
          if (!error && bytes.byteOffset === 0) keepSpare(bytes.buffer as ArrayBuffer);
        });
      },
      end() {
        if (!isGone) response.end();
      },
      fail(error) {
        if (!isGone) answerFailure(response, error);
      },
    });
    response.once("close", () => {
      if (response.writableFinished) return;
      isGone = true;
      stop(new Error("The visitor went away"));
    });
  }

  async function close(graceMs = 10_000) {
    isClosing = true;
    const deadline = Date.now() + graceMs;
    while ((queue.length > 0 || slots.some((slot) => slot.renders.size > 0)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const { pending } of queue.splice(0)) pending.sink.fail(new Error("The server is shutting down"));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  return {
    render,
    serve,
    close,
    get workers() {
      return slots.filter((slot) => slot.ready).map((slot) => slot.worker);
    },
    get spareBufferCount() {
      return spareBuffers.length;
    },
  };
}

/** The request's headers as a fetch Request gets them: repeated ones joined, HTTP/2 pseudo-headers left out. */
function headerListOf(request: IncomingMessage): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    list.push([name, Array.isArray(value) ? value.join(", ") : value]);
  }
  return list;
}

/** A header list as Node's writeHead takes it, repeated names (Set-Cookie) kept apart. */
function outgoingHeadersOf(headers: HeaderList): OutgoingHttpHeaders {
  const outgoing: Record<string, string | string[]> = {};
  for (const [name, value] of headers) {
    const existing = outgoing[name];
    if (existing === undefined) outgoing[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else outgoing[name] = [existing, value];
  }
  return outgoing;
}

/**
 * The whole request body, or "too large" as soon as it passes `limit` (the rest is not kept), or
 * "aborted" when the visitor went away first.
 */
function readBody(request: IncomingMessage, limit: number): Promise<ArrayBuffer | "too large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: ArrayBuffer | "too large" | "aborted") => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onAborted);
      request.off("close", onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) finish("too large");
      else chunks.push(chunk);
    };
    // An exact copy: the buffer transferred to the worker then holds this body alone, never a
    // shared pool slab.
    const onEnd = () => finish(new Uint8Array(Buffer.concat(chunks, size)).buffer);
    const onAborted = () => finish("aborted");
    const onClose = () => {
      if (!request.complete) finish("aborted");
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onAborted);
    request.on("close", onClose);
  });
}

function answerPlain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, { ...headers, "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
