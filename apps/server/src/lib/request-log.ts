import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Writes a request's completion line: a warning when it took longer than `slowRequestMs`
 * (always), an info line otherwise when `logRequests` is on (development). Per-request lines cost
 * throughput, so production logs only the slow ones.
 */
export function requestCompletionLogger(options: { slowRequestMs: number; logRequests: boolean }) {
  return function logCompletion(request: FastifyRequest, reply: FastifyReply): void {
    const durationMs = Math.round(reply.elapsedTime);
    if (durationMs > options.slowRequestMs) {
      request.log.warn({ method: request.method, url: request.url, statusCode: reply.statusCode, durationMs }, "slow request");
    } else if (options.logRequests) {
      request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, durationMs }, "request completed");
    }
  };
}
