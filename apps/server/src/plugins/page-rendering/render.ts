import type { PageRenderer, PageRequest, PageSink } from "./protocol.ts";

/** A fetch-style page handler: React Router's request handler with our router context. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Runs one page request through a fetch-style handler and hands its answer to `sink` as it is
 * produced. The worker threads (worker.ts) and the in-thread renderer both render through this.
 * Once `signal` aborts, the handler sees its request aborted, the body is cancelled (which stops
 * React) and nothing more reaches the sink.
 */
export async function renderInto(handler: FetchHandler, page: PageRequest, sink: PageSink, signal: AbortSignal): Promise<void> {
  try {
    const request = new Request(page.url, {
      method: page.method,
      headers: page.headers,
      signal,
      ...(page.body ? { body: page.body } : {}),
    });
    const response = await handler(request);
    if (signal.aborted) {
      await response.body?.cancel();
      return;
    }
    sink.head(response.status, response.statusText, [...response.headers]);
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (signal.aborted) {
          await reader.cancel();
          return;
        }
        sink.chunk(value);
      }
    }
    sink.end();
  } catch (error) {
    if (!signal.aborted) sink.fail(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Pages rendered in this thread (development, where Vite's module graph lives, and RENDER_WORKERS=0). */
export function inProcessRenderer(handler: FetchHandler): PageRenderer {
  return (page, sink) => {
    const abort = new AbortController();
    let isFinished = false;
    void renderInto(
      handler,
      page,
      {
        head: (status, statusText, headers) => sink.head(status, statusText, headers),
        chunk: (bytes) => sink.chunk(bytes),
        end() {
          isFinished = true;
          sink.end();
        },
        fail(error) {
          isFinished = true;
          sink.fail(error);
        },
      },
      abort.signal,
    );
    return (reason) => {
      if (isFinished || abort.signal.aborted) return;
      isFinished = true;
      abort.abort(reason);
      sink.fail(reason);
    };
  };
}
