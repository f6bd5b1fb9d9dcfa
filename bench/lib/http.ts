// Small HTTP helpers for the benchmark runner. Everything stays on the loopback interface.
import { createServer } from "node:net";
import type { ChildHandle } from "./processes.ts";

export const LOOPBACK = "127.0.0.1";

/** Asks the kernel for a port that is free right now on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not allocate a free port"))));
    });
  });
}

/**
 * Polls `url` until it answers 200. Fails early with the child's output when the child exits,
 * and after `timeoutMs` otherwise.
 */
export async function waitUntilOk(url: string, child: ChildHandle, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      throw new Error(`${child.name} exited before it answered ${url}. Its output:\n${child.outputTail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer 200 at ${url} within ${timeoutMs} ms (${lastProblem}). Its output:\n${child.outputTail()}`);
}

export type FetchedResponse = { status: number; contentType: string; body: string; headers: Headers };

export async function fetchOnce(url: string, headers: Record<string, string> = {}): Promise<FetchedResponse> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", body, headers: response.headers };
}
