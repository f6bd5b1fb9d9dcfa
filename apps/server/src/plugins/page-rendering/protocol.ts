/**
 * The page-rendering protocol: a request as plain data in, the answer as head / chunk / end events
 * out, the same whether the page renders in a worker thread (pool.ts, worker.ts) or in this one
 * (render.ts). Between threads the events travel as messages; the worker's loaders reach the
 * domain services by "call" messages that the main thread answers, because the database and its
 * caches live in the main thread only.
 */

export type HeaderList = [name: string, value: string][];

/** A page request as plain data: what a fetch Request is rebuilt from, in a worker or in this thread. */
export type PageRequest = {
  url: string;
  method: string;
  headers: HeaderList;
  /** The whole request body (non-GET/HEAD requests), already read. */
  body: ArrayBuffer | null;
};

/**
 * Where a render's answer goes, event by event: onto Node's response (node-http.ts: servePage), or
 * collected whole (renderWhole). The worker messages below carry exactly these events.
 */
export type PageSink = {
  head(status: number, statusText: string, headers: HeaderList): void;
  chunk(bytes: Uint8Array): void;
  end(): void;
  /** The render failed or was stopped; after head() the answer breaks off. */
  fail(error: Error): void;
};

/** Stops a render wherever it is (waiting, rendering or streaming); its sink gets `reason`. */
export type StopRender = (reason: Error) => void;

/**
 * The one entry to page rendering, whichever thread renders: the render pool (pool.ts) in
 * production, this thread (inProcessRenderer in render.ts) in development.
 */
export type PageRenderer = (request: PageRequest, sink: PageSink) => StopRender;

export type RenderRequest = PageRequest & { id: number };

export type ToWorker =
  | ({ kind: "render" } & RenderRequest)
  | { kind: "abort"; id: number }
  | { kind: "reply"; callId: number; ok: true; value: unknown }
  | { kind: "reply"; callId: number; ok: false; error: SerializedError };

export type FromWorker =
  | { kind: "ready" }
  | { kind: "head"; id: number; status: number; statusText: string; headers: HeaderList }
  | { kind: "chunk"; id: number; bytes: Uint8Array }
  | { kind: "end"; id: number }
  /** The render failed: before "head" the main thread answers 500, after it the body breaks off. */
  | { kind: "error"; id: number; message: string }
  | { kind: "call"; callId: number; service: string; method: string; args: unknown[] };

export type SerializedError = { name: string; message: string; code?: string; statusCode?: number };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof statusCode === "number" ? { statusCode } : {}),
  };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message) as Error & { code?: string; statusCode?: number };
  error.name = serialized.name;
  if (serialized.code !== undefined) error.code = serialized.code;
  if (serialized.statusCode !== undefined) error.statusCode = serialized.statusCode;
  return error;
}

/**
 * How the main thread answers a worker's call: `services[service][method](...args)`, own
 * properties only, so a worker cannot reach prototypes or anything the services object does not list.
 */
export async function callServiceMethod(services: object, service: string, method: string, args: unknown[]): Promise<unknown> {
  const target = Object.hasOwn(services, service) ? (services as Record<string, unknown>)[service] : undefined;
  const fn = target && typeof target === "object" && Object.hasOwn(target, method) ? (target as Record<string, unknown>)[method] : undefined;
  if (typeof fn !== "function") throw new Error(`Unknown service call ${service}.${method}`);
  return (await fn.apply(target, args)) as unknown;
}

/** Calls into the main thread's services: `call("settings", "listLocales", [])`. */
export type ServiceCaller = (service: string, method: string, args: unknown[]) => Promise<unknown>;

/**
 * What a worker's handler module exports: given the service caller and the pool's worker data, it
 * returns the fetch-style page handler the worker runs every request through.
 */
export type PageHandlerFactory = (options: { callService: ServiceCaller; data: unknown }) => Promise<(request: Request) => Promise<Response>>;
