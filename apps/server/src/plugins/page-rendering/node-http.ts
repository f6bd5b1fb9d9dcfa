// Node's HTTP request and response on either side of a PageRenderer (protocol.ts): the request
// read into plain data, the answer streamed onto the socket or collected whole.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { HeaderList, PageRenderer, PageRequest } from "./protocol.ts";

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export type ServeOptions = {
  /**
   * The site's own origin (configured, never taken from the request's Host header), which every
   * page's address is built on: canonical links and anything else a page derives from its URL
   * can then never name a host a visitor sent.
   */
  origin: string;
  /** Largest request body passed on to the renderer; a larger one is answered 413. */
  maxBodyBytes: number;
  logger: { error(object: object, message: string): void };
};

/** A rendered page held whole (the guest page cache's input). */
export type WholePage = { status: number; headers: HeaderList; body: Buffer };

/**
 * A page request rendered onto Node's response as the renderer produces it. Failures before the
 * head are a logged 500; after it the answer breaks off, so it never looks complete.
 */
export function servePage(renderer: PageRenderer, request: IncomingMessage, response: ServerResponse, options: ServeOptions): void {
  void serveNow(renderer, request, response, options).catch((error: unknown) => {
    answerFailure(response, error instanceof Error ? error : new Error(String(error)), options);
  });
}

async function serveNow(renderer: PageRenderer, request: IncomingMessage, response: ServerResponse, options: ServeOptions): Promise<void> {
  const method = request.method ?? "GET";
  let body: ArrayBuffer | null = null;
  if (method !== "GET" && method !== "HEAD") {
    const declared = Number(request.headers["content-length"] ?? 0);
    const read = declared > options.maxBodyBytes ? "too large" : await readBody(request, options.maxBodyBytes);
    if (read === "too large") return answerPlain(response, 413, "Payload Too Large");
    if (read === "aborted") return;
    body = read;
  }
  if (response.destroyed) return;
  let isBodyless = method === "HEAD";
  let isGone = false;
  const stop = renderer(
    { url: pageUrl(options.origin, request.url), method, headers: headerListOf(request), body },
    {
      head(status, statusText, headers) {
        if (isGone) return;
        if (NULL_BODY_STATUSES.has(status)) isBodyless = true;
        response.writeHead(status, statusText, outgoingHeadersOf(headers));
      },
      chunk(bytes) {
        if (!isBodyless && !isGone) response.write(bytes);
      },
      end() {
        if (!isGone) response.end();
      },
      fail(error) {
        if (!isGone) answerFailure(response, error, options);
      },
    },
  );
  response.once("close", () => {
    if (response.writableFinished) return;
    isGone = true;
    stop(new Error("The visitor went away"));
  });
}

/** A page rendered whole, for answers shared by several visitors (never aborted by one of them). */
export function renderWhole(renderer: PageRenderer, request: PageRequest): Promise<WholePage> {
  return new Promise((resolve, reject) => {
    let head: { status: number; headers: HeaderList } | undefined;
    const chunks: Uint8Array[] = [];
    renderer(request, {
      head(status, _statusText, headers) {
        head = { status, headers };
      },
      chunk(bytes) {
        chunks.push(bytes);
      },
      end() {
        resolve({ status: head?.status ?? 500, headers: head?.headers ?? [], body: Buffer.concat(chunks) });
      },
      fail: reject,
    });
  });
}

/** The address a page renders for: the request's path and query on the site's own origin. */
export function pageUrl(origin: string, target: string | undefined): string {
  // Only the path and query are taken: an absolute-form or protocol-relative request target
  // brings no host of its own along.
  const { pathname, search } = new URL(target ?? "/", "http://request.invalid");
  return new URL(`${pathname}${search}`, origin).href;
}

/** The request's headers as a fetch Request gets them: repeated ones joined, HTTP/2 pseudo-headers left out. */
export function headerListOf(request: IncomingMessage): HeaderList {
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

function answerFailure(response: ServerResponse, error: Error, options: ServeOptions): void {
  if (response.destroyed) return;
  options.logger.error({ err: error }, "page render failed");
  if (response.headersSent) response.destroy(error);
  else answerPlain(response, 500, "Internal Server Error");
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
    // An exact copy: the buffer transferred to a worker then holds this body alone, never a
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

function answerPlain(response: ServerResponse, status: number, text: string): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
