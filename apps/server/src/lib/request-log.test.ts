import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLogController } from "./request-log.ts";

function completedRequest(durationMs: number) {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const record = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const request = { method: "GET", url: "/api/settings/currencies", log: { info: record("info"), warn: record("warn") } } as unknown as FastifyRequest;
  const reply = { elapsedTime: durationMs, statusCode: 200 } as unknown as FastifyReply;
  return { request, reply, lines };
}

describe("RequestLogController", () => {
  it("warns about a slow request even when per-request lines are off", () => {
    const controller = new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: 2000, logRequests: false });
    const { request, reply, lines } = completedRequest(2400);
    controller.requestCompleted(null, request, reply);
    expect(lines).toEqual([
      { level: "warn", message: "slow request", fields: { method: "GET", url: "/api/settings/currencies", statusCode: 200, durationMs: 2400 } },
    ]);
  });

  it("writes nothing for a fast request unless every request is logged", () => {
    const quiet = completedRequest(12);
    new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: 2000, logRequests: false }).requestCompleted(null, quiet.request, quiet.reply);
    expect(quiet.lines).toEqual([]);

    const verbose = completedRequest(12);
    new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: 2000, logRequests: true }).requestCompleted(null, verbose.request, verbose.reply);
    expect(verbose.lines).toMatchObject([{ level: "info", message: "request completed", fields: { durationMs: 12, statusCode: 200 } }]);
  });

  it("warns when the response failed on the way out, with the error", () => {
    const { request, reply, lines } = completedRequest(5);
    const error = new Error("socket hang up");
    new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: 2000, logRequests: false }).requestCompleted(error, request, reply);
    expect(lines).toMatchObject([{ level: "warn", message: "response failed", fields: { err: error, durationMs: 5 } }]);
  });

  it("keeps Fastify's own per-request lines off and labels lines with the trace id", () => {
    const controller = new RequestLogController({ requestIdLogLabel: "traceId", slowRequestMs: 2000, logRequests: true });
    expect(controller.requestIdLogLabel).toBe("traceId");
    expect(controller.isLogDisabled({} as FastifyRequest)).toBe(true);
  });
});
