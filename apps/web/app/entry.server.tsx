// Registers every translation catalogue before the first render (kept out of the browser bundle).
import "#app/lib/i18n-catalogues.server.ts";
import { constants as zlibConstants, createGzip } from "node:zlib";
import { isbot } from "isbot";
import { NO_SITE_INTEGRATIONS } from "@playfair/contracts/web-services";
import { acceptsGzip } from "#app/lib/content-encoding.ts";
import { contentSecurityPolicy, createCspNonce } from "#app/lib/content-security-policy.server.ts";
import { webServicesContext } from "#app/lib/web-services.ts";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";

// The server plugin reads this key from the build to hand domain services to loaders.
export { webServicesContext } from "#app/lib/web-services.ts";

/** Render budget before the stream is aborted and pending boundaries fall back to their errors. */
export const streamTimeout = 5_000;

/**
 * Pages are gzipped at the fastest level: a 50 KB home page becomes about 12 KB for a few tenths
 * of a millisecond, which on a slow mobile connection brings the first paint forward by about
 * 0.2 s; higher levels save another kilobyte for several times the CPU.
 */
const HTML_GZIP_LEVEL = 1;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Development pages run Vite's inline client scripts, which carry no nonce.
  const nonce = import.meta.env.PROD ? createCspNonce() : undefined;
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce, integrations: siteIntegrations(loadContext) }));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let isShellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece; people get the shell as early as possible.
    const readyEvent: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let abortTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The nonce reaches React's own inline scripts (streaming) and, through ServerRouter, those of
    // <Scripts>, <ScrollRestoration> and the streamed loader data.
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyEvent]() {
        isShellRendered = true;
        const gzip = acceptsGzip(request.headers.get("accept-encoding"));
        const { destination, body } = reactResponseBody({
          gzip,
          onFinished() {
            clearTimeout(abortTimer);
            abortTimer = undefined;
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.append("Vary", "Accept-Encoding");
        if (gzip) responseHeaders.set("Content-Encoding", "gzip");
        // Typed as a full Node writable, but React only calls what ReactDestination has.
        pipe(destination as unknown as NodeJS.WritableStream);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Shell errors are logged by React Router itself; only later ones need logging here.
        if (isShellRendered) console.error(error);
      },
    });
  });
}

/** The operator's third-party integrations, which the page's policy must let load. */
function siteIntegrations(loadContext: RouterContextProvider | undefined) {
  try {
    return loadContext?.get(webServicesContext).site.integrations ?? NO_SITE_INTEGRATIONS;
  } catch {
    // A context without our services (React Router's own error renders) has nothing configured.
    return NO_SITE_INTEGRATIONS;
  }
}

/** Unknown addresses and aborted requests are routine, not errors worth a stack trace. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

type DestinationEvent = "drain" | "error" | "close";
type DestinationListener = (error?: unknown) => void;

/** The part of a Node writable that React's pipe() uses. */
type ReactDestination = {
  write(chunk: Uint8Array | string): boolean;
  flush(): void;
  end(): void;
  destroy(error: unknown): void;
  on(event: DestinationEvent, listener: DestinationListener): ReactDestination;
};

/**
 * What React pipes the page into, and the web stream React Router sends as the response body.
 *
 * React writes a page as dozens of pieces of at most 4 KB and calls flush() after each batch it
 * has ready. Each batch becomes one chunk of the body here (gzipped with a sync flush, so every
 * batch still reaches the visitor at once), so a page goes out in one or two socket writes; passed
 * piece by piece through a Node PassThrough and a web stream, every piece cost its own stream
 * events, promise and socket write (about a sixth of a page view's CPU).
 * Back-pressure is kept: while the reader is behind, write() answers false and React waits for
 * "drain", which is emitted when the reader asks for more.
 */
function reactResponseBody(options: { gzip: boolean; onFinished: () => void }): { destination: ReactDestination; body: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let isWaitingForReader = false;
  let isFinished = false;
  const listeners = new Map<DestinationEvent, DestinationListener[]>();
  const emit = (event: DestinationEvent, error?: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(error);
  };
  const finish = () => {
    if (isFinished) return;
    isFinished = true;
    options.onFinished();
  };
  const send = (bytes: Uint8Array) => {
    if (!controller) return;
    controller.enqueue(bytes);
    if ((controller.desiredSize ?? 1) <= 0) isWaitingForReader = true;
  };

  const gzip = options.gzip ? createGzip({ level: HTML_GZIP_LEVEL, flush: zlibConstants.Z_SYNC_FLUSH }) : undefined;
  gzip?.on("data", send);
  gzip?.on("end", () => controller?.close());
  gzip?.on("error", (error) => controller?.error(error));

  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        if (!isWaitingForReader) return;
        isWaitingForReader = false;
        emit("drain");
      },
      cancel() {
        // The visitor went away: React stops rendering.
        finish();
        gzip?.destroy();
        emit("close");
      },
    },
    { highWaterMark: 1 },
  );

  const destination: ReactDestination = {
    write(chunk) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      batch.push(bytes);
      batchBytes += bytes.byteLength;
      return !isWaitingForReader;
    },
    flush() {
      if (batch.length === 0 || isFinished) return;
      const bytes = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batchBytes);
      batch = [];
      batchBytes = 0;
      if (gzip) gzip.write(bytes);
      else send(bytes);
    },
    end() {
      destination.flush();
      finish();
      if (gzip) gzip.end();
      else controller?.close();
    },
    destroy(error) {
      // A fatal error after the shell was sent: the response ends broken rather than silently short.
      finish();
      gzip?.destroy();
      controller?.error(error);
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return destination;
    },
  };
  return { destination, body };
}
