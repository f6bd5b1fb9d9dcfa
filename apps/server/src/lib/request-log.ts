import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * Fastify's own per-request lines are off (they cost throughput); this controller writes our
 * completion line instead, from the place Fastify already reaches when every response (API
 * answers and streamed pages alike) has gone out, so it costs no hook: a warning when the request
 * took longer than `slowRequestMs` (always), an info line otherwise when `logRequests` is on
 * (development).
 */
export class RequestLogController extends LogController {
  readonly #slowRequestMs: number;
  readonly #logRequests: boolean;

  constructor(options: { slowRequestMs: number; logRequests: boolean; requestIdLogLabel: string }) {
    super({ requestIdLogLabel: options.requestIdLogLabel, disableRequestLogging: true });
    this.#slowRequestMs = options.slowRequestMs;
    this.#logRequests = options.logRequests;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const durationMs = Math.round(reply.elapsedTime);
    const isSlow = durationMs > this.#slowRequestMs;
    if (!error && !isSlow && !this.#logRequests) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, durationMs };
    if (error) request.log.warn({ ...line, err: error }, "response failed");
    else if (isSlow) request.log.warn(line, "slow request");
    else request.log.info(line, "request completed");
  }
}
