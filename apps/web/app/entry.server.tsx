// Registers every translation catalogue before the first render (kept out of the browser bundle).
import "#app/lib/i18n-catalogues.server.ts";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";

// The server plugin reads this key from the build to hand domain services to loaders.
export { webServicesContext } from "#app/lib/web-services.ts";

/** Render budget before the stream is aborted and pending boundaries fall back to their errors. */
export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let isShellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece; people get the shell as early as possible.
    const readyEvent: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let abortTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [readyEvent]() {
        isShellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(abortTimer);
            abortTimer = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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

/** Unknown addresses and aborted requests are routine, not errors worth a stack trace. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
