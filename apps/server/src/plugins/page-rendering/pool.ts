import { Worker } from "node:worker_threads";
import { callServiceMethod, serializeError, type FromWorker, type PageRenderer, type PageSink, type RenderRequest, type StopRender, type ToWorker } from "./protocol.ts";
import type { PageWorkerData } from "./worker.ts";

export type PageRenderPool = {
  /** Renders a page on a worker (protocol.ts: PageRenderer). */
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
  logger: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** Renders a worker works on at once, counted until their first bytes (default 2). */
  rendersPerWorker?: number;
  /** Requests that may wait for a worker; more are answered 503 (default 1000). */
  maxQueued?: number;
  /** First delay before a crashed worker is replaced; it doubles while replacements keep failing. */
  restartDelayMs?: number;
};

type PendingRender = {
  sink: PageSink;
  /** Still counted in its worker's `rendering` (no head, error or abort yet). */
  isRendering: boolean;
};

type Slot = { worker: Worker; renders: Map<number, PendingRender>; rendering: number; ready: boolean };
type QueuedRender = { message: RenderRequest; pending: PendingRender };

const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);
const MAX_RESTART_DELAY_MS = 30_000;
/** A full queue: the visitor is asked to come back in a second rather than wait behind it. */
const QUEUE_FULL_HEADERS: [string, string][] = [
  ["retry-after", "1"],
  ["content-type", "text/plain; charset=utf-8"],
];

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
  function render(request: Parameters<PageRenderer>[0], sink: PageSink): StopRender {
    if (slots.length === 0 || isClosing) {
      sink.fail(new Error("No page-render worker is running"));
      return () => undefined;
    }
    if (queue.length >= maxQueued) {
      // A full queue: the visitor is asked to come back in a second rather than wait behind it.
      sink.head(503, "Service Unavailable", QUEUE_FULL_HEADERS);
      sink.chunk(new TextEncoder().encode("Service Unavailable"));
      sink.end();
      return () => undefined;
    }
    const message: RenderRequest = { ...request, id: nextRenderId++ };
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
    close,
    get workers() {
      return slots.filter((slot) => slot.ready).map((slot) => slot.worker);
    },
  };
}
