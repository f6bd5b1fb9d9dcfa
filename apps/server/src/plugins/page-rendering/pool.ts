import { Worker } from "node:worker_threads";
import { callServiceMethod, serializeError, type FromWorker, type RenderRequest, type ToWorker } from "./protocol.ts";
import type { PageWorkerData } from "./worker.ts";

/** Renders one page request; the same shape as React Router's own request handler. */
export type PageRenderer = (request: Request) => Promise<Response>;

export type PageRenderPool = {
  render: PageRenderer;
  /** Waits for the renders in flight (up to `graceMs`), then stops the workers. */
  close(graceMs?: number): Promise<void>;
  /** Live worker threads (tests stop one to check the pool replaces it). */
  readonly workers: readonly Worker[];
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

type PendingRender = {
  resolve(response: Response): void;
  reject(error: Error): void;
  /** Set once the head arrived and the body stream exists. */
  body?: ReadableStreamDefaultController<Uint8Array>;
  /** Still counted in its worker's `rendering` (no head, error or abort yet). */
  isRendering: boolean;
};

type Slot = { worker: Worker; renders: Map<number, PendingRender>; rendering: number; ready: boolean };
type QueuedRender = { message: RenderRequest; pending: PendingRender };

const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const MAX_RESTART_DELAY_MS = 30_000;

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
      case "head": {
        shellDone(slot, pending);
        const headers = new Headers(message.headers);
        if (NULL_BODY_STATUSES.has(message.status)) {
          pending.resolve(new Response(null, { status: message.status, statusText: message.statusText, headers }));
          return;
        }
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            pending.body = controller;
          },
          cancel() {
            // The visitor went away: the worker stops rendering.
            if (slot.renders.delete(message.id)) post(slot, { kind: "abort", id: message.id });
          },
        });
        pending.resolve(new Response(body, { status: message.status, statusText: message.statusText, headers }));
        return;
      }
      case "chunk":
        pending.body?.enqueue(message.bytes);
        return;
      case "end":
        slot.renders.delete(message.id);
        pending.body?.close();
        return;
      case "error":
        slot.renders.delete(message.id);
        shellDone(slot, pending);
        fail(pending, new Error(`Page render failed: ${message.message}`));
        return;
    }
  }

  function fail(pending: PendingRender, error: Error) {
    if (pending.body) pending.body.error(error);
    else pending.reject(error);
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
      post(slot, { kind: "render", ...message }, message.body ? [message.body] : []);
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
        for (const pending of slot.renders.values()) fail(pending, error);
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
          for (const { pending } of queue.splice(0)) fail(pending, new Error("No page-render worker is running"));
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

  async function render(request: Request): Promise<Response> {
    let body: ArrayBuffer | null = null;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const declared = Number(request.headers.get("content-length") ?? 0);
      if (declared > options.maxBodyBytes) return new Response("Payload Too Large", { status: 413 });
      body = await request.arrayBuffer();
      if (body.byteLength > options.maxBodyBytes) return new Response("Payload Too Large", { status: 413 });
    }
    if (slots.length === 0 || isClosing) throw new Error("No page-render worker is running");
    if (queue.length >= maxQueued) return new Response("Service Unavailable", { status: 503, headers: { "retry-after": "1" } });

    const id = nextRenderId++;
    let pending!: PendingRender;
    const response = new Promise<Response>((resolve, reject) => {
      pending = { resolve, reject, isRendering: true };
    });
    const queued: QueuedRender = { message: { id, url: request.url, method: request.method, headers: [...request.headers], body }, pending };
    queue.push(queued);
    dispatch();

    request.signal.addEventListener(
      "abort",
      () => {
        const reason = request.signal.reason instanceof Error ? request.signal.reason : new Error("The request was aborted");
        const waiting = queue.indexOf(queued);
        if (waiting !== -1) {
          queue.splice(waiting, 1);
          fail(pending, reason);
          return;
        }
        const slot = slots.find((candidate) => candidate.renders.get(id) === pending);
        if (!slot) return;
        slot.renders.delete(id);
        post(slot, { kind: "abort", id });
        shellDone(slot, pending);
        fail(pending, reason);
      },
      { once: true },
    );
    return response;
  }

  async function close(graceMs = 10_000) {
    isClosing = true;
    const deadline = Date.now() + graceMs;
    while ((queue.length > 0 || slots.some((slot) => slot.renders.size > 0)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const { pending } of queue.splice(0)) fail(pending, new Error("The server is shutting down"));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  return {
    render,
    close,
    get workers() {
      return slots.filter((slot) => slot.ready).map((slot) => slot.worker);
    },
  };
}
