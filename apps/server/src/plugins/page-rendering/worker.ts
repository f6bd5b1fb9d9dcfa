// A page-render worker thread: loads the handler module named by the pool, then renders every
// request the main thread sends (render.ts: renderInto), sending the answer back event by event.
import { parentPort, workerData } from "node:worker_threads";
import { deserializeError, type FromWorker, type PageHandlerFactory, type ToWorker } from "./protocol.ts";
import { renderInto } from "./render.ts";

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

const factory = ((await import(handlerModule)) as { createPageHandler: PageHandlerFactory }).createPageHandler;
const handler = await factory({ callService, data: handlerData });

port.on("message", (message: ToWorker) => {
  switch (message.kind) {
    case "render": {
      const { id } = message;
      const abort = new AbortController();
      inFlight.set(id, abort);
      void renderInto(
        handler,
        message,
        {
          head: (status, statusText, headers) => post({ kind: "head", id, status, statusText, headers }),
          chunk(value) {
            // A chunk is usually a view into a larger pooled buffer, and a cloned view drags its
            // whole buffer along; a copy, transferred, crosses alone and is not copied again.
            const bytes = new Uint8Array(value);
            post({ kind: "chunk", id, bytes }, [bytes.buffer]);
          },
          end: () => post({ kind: "end", id }),
          fail: (error) => post({ kind: "error", id, message: error.message }),
        },
        abort.signal,
      ).finally(() => inFlight.delete(id));
      break;
    }
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
