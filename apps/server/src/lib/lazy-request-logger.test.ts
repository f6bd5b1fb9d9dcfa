import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { LazyRequestLogger } from "./lazy-request-logger.ts";

function recordingLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe("LazyRequestLogger", () => {
  it("makes no pino child for a request that logs nothing", () => {
    const { logger } = recordingLogger();
    const child = vi.spyOn(logger, "child");
    const requestLogger = new LazyRequestLogger(logger, { traceId: "t-1" }, {});
    expect(requestLogger.level).toBe("info");
    expect(requestLogger.isMaterialised).toBe(false);
    expect(child).not.toHaveBeenCalled();
  });

  it("writes every line with the request's bindings once something is logged", () => {
    const { logger, lines } = recordingLogger();
    const requestLogger = new LazyRequestLogger(logger, { traceId: "t-2" }, {});
    requestLogger.warn({ durationMs: 2500 }, "slow request");
    requestLogger.info("second line");
    requestLogger.debug("below the level, dropped");
    expect(lines).toMatchObject([
      { level: 40, traceId: "t-2", durationMs: 2500, msg: "slow request" },
      { level: 30, traceId: "t-2", msg: "second line" },
    ]);
    expect(lines).toHaveLength(2);
  });

  it("honours a route's own level and passes bindings on to its children", () => {
    const { logger, lines } = recordingLogger();
    const requestLogger = new LazyRequestLogger(logger, { traceId: "t-3" }, { level: "debug" });
    expect(requestLogger.level).toBe("debug");
    requestLogger.debug("kept at the route's level");
    requestLogger.child({ job: "payout" }).error("failed");
    expect(lines).toMatchObject([
      { level: 20, traceId: "t-3", msg: "kept at the route's level" },
      { level: 50, traceId: "t-3", job: "payout", msg: "failed" },
    ]);
  });
});
