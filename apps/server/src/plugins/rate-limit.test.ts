import { ApiErrorSchema } from "@playfair/contracts/api-error";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorHandlerPlugin } from "./error-handler.ts";
import { rateLimitPlugin } from "./rate-limit.ts";
import { requestContextPlugin } from "./request-context.ts";

async function limitedApp(max: number, trustedProxies: string[] = []) {
  const app = Fastify({ logger: false, genReqId: () => "trace-1" });
  await app.register(requestContextPlugin, { trustedProxies, clientIpHeader: "x-forwarded-for", countryHeader: "cf-ipcountry" });
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitPlugin, { max, windowMs: 60_000, redisUrl: undefined });
  app.get("/limited", () => ({ ok: true }));
  app.get("/health", { config: { rateLimit: false } }, () => ({ ok: true }));
  return app;
}

describe("rate limiting", () => {
  it("refuses a client over its budget with the API's error body and Retry-After", async () => {
    const app = await limitedApp(2);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await app.inject({ url: "/limited" })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await app.inject({ url: "/limited" });
    expect(refused.json()).toEqual({ status: 429, code: "RATE_LIMITED", message: "Too many requests. Please slow down.", traceId: "trace-1" });
    expect(ApiErrorSchema.parse(refused.json()).code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["x-ratelimit-limit"]).toBe("2");
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    await app.close();
  });

  it("tells the budget with the refusal only, and exempts opted-out routes", async () => {
    const app = await limitedApp(1);
    const first = await app.inject({ url: "/limited" });
    expect(first.headers["x-ratelimit-remaining"]).toBeUndefined();
    expect((await app.inject({ url: "/limited" })).statusCode).toBe(429);
    for (let attempt = 0; attempt < 3; attempt++) expect((await app.inject({ url: "/health" })).statusCode).toBe(200);
    await app.close();
  });

  it("counts the client behind a trusted proxy, not the proxy", async () => {
    const app = await limitedApp(1, ["127.0.0.1"]);
    const from = (ip: string) => app.inject({ url: "/limited", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": ip } });
    expect((await from("203.0.113.7")).statusCode).toBe(200);
    expect((await from("203.0.113.8")).statusCode).toBe(200);
    expect((await from("203.0.113.7")).statusCode).toBe(429);
    // One IPv6 subscriber holds a /64: its addresses share one budget.
    expect((await from("2001:db8:1:2::1")).statusCode).toBe(200);
    expect((await from("2001:db8:1:2::ffff")).statusCode).toBe(429);
    await app.close();
  });
});
