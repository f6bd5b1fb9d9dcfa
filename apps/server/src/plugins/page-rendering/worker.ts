// A page-render worker thread: loads the handler module named by the pool, then renders every
// request the main thread sends, streaming the response back message by message.
import { parentPort, workerData } from "node:worker_threads";
import { deserializeError, serializeError, type FromWorker, type PageHandlerFactory, type RenderRequest, type ToWorker } from "./protocol.ts";

export type PageWorkerData = { handlerModule: string; handlerData: unknown };

const port = parentPort;
if (!port) throw new Error("worker.ts runs only as a worker thread (see pool.ts)");
const { handlerModule, handlerData } = workerData as PageWorkerData;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let nextCallId = 1;
const pendingCalls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
function callService(service: string, method: string, args: unknown[]): Promise<unknown> {
  const callId = nextCallId++;
  return new Promise((resolve, reject) => {
    pendingCalls.set(callId, { resolve, reject });
    post({ kind: "call", callId, service, method, args });
  });
}

const inFlight = new Map<number, AbortController>();
/** Buffers the main thread gave back (see ToWorker "render"), reused for chunk copies. */
const spareBuffers: ArrayBuffer[] = [];
const MAX_SPARE_BUFFERS = 8;

/** An exact copy of a chunk, in a given-back buffer when one is large enough. */
function copyOfChunk(chunk: Uint8Array): Uint8Array {
  const index = spareBuffers.findIndex((buffer) => buffer.byteLength >= chunk.byteLength);
  if (index === -1) return new Uint8Array(chunk); // not chunk.slice(): on a Buffer that is a view
  const [buffer] = spareBuffers.splice(index, 1);
  const copy = new Uint8Array(buffer!, 0, chunk.byteLength);
  copy.set(chunk);
  return copy;
}

async function render(handler: (request: Request) => Promise<Response>, message: RenderRequest) {
  const abort = new AbortController();
  inFlight.set(message.id, abort);
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      signal: abort.signal,
      ...(message.body ? { body: message.body } : {}),
    });
    const response = await handler(request);
    post({ kind: "head", id: message.id, status: response.status, statusText: response.statusText, headers: [...response.headers] });
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (abort.signal.aborted) {
          // The visitor went away: cancelling the body stops the page's rendering.
          await reader.cancel();
          return;
        }
        // A chunk is usually a view into a larger pooled buffer (about 18 KB of 60 KB here), and
        // a cloned view drags its whole buffer along. A copy, transferred, crosses alone: the
        // main thread then allocates no buffer memory per chunk, which was driving its full
        // garbage collections several times a second under page load. Copies go into buffers the
        // main thread gave back where it can, so that neither thread allocates one per page.
        const bytes = copyOfChunk(value);
        post({ kind: "chunk", id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
      }
    }
    post({ kind: "end", id: message.id });
  } catch (error) {
    post({ kind: "error", id: message.id, message: serializeError(error).message });
  } finally {
    inFlight.delete(message.id);
  }
}

const factory = ((await import(handlerModule)) as { createPageHandler: PageHandlerFactory }).createPageHandler;
const handler = await factory({ callService, data: handlerData });

port.on("message", (message: ToWorker) => {
  switch (message.kind) {
    case "render":
      for (const buffer of message.spareBuffers) if (spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
      void render(handler, message);
      break;
    case "abort":
      inFlight.get(message.id)?.abort();
      break;
    case "reply": {
      const pending = pendingCalls.get(message.callId);
      if (!pending) break;
      pendingCalls.delete(message.callId);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(deserializeError(message.error));
      break;
    }
  }
});
post({ kind: "ready" });
