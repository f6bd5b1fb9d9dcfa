import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { AppError } from "../lib/app-error.ts";

export type RateLimitOptions = {
  /** Requests a client may make per window. */
  max: number;
  windowMs: number;
  /** Set: the budget is counted in Redis, so every node behind the balancer draws on the same one. */
  redisUrl: string | undefined;
};

/** Our keys in a Redis shared with the realtime fan-out (see modules/realtime/redis-fanout.ts). */
const REDIS_NAMESPACE = "playfair:rate-limit:";

/**
 * The API's request budget per client IP (`request.client.ip`, which honours only trusted proxies),
 * over fixed windows, with @fastify/rate-limit. In memory on a single node; in Redis when
 * `redisUrl` is set, where one Lua script per request counts and expires the window atomically.
 *
 * Routes opt out with `config: { rateLimit: false }` (the load balancers' health check). The
 * budget is told with the refusal only (Retry-After and x-ratelimit-* on the 429), not on every
 * answer. A Redis that cannot be reached lets requests through rather than refusing the whole
 * API: the budget is a guard against floods, not a service of its own.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      // Fail fast: a request waits for at most one retry of its counting, never for reconnects.
      redis = new Redis(options.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableAutoPipelining: true });
      redis.on("error", (error: Error) => app.log.warn({ err: error }, "rate-limit redis connection problem"));
      const client = redis;
      app.addHook("onClose", async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }

    await app.register(fastifyRateLimit, {
      max: options.max,
      timeWindow: options.windowMs,
      // IPv6 clients are counted by their /64, as the plugin does by default: one subscriber holds one.
      keyGenerator: (request) => normalizeIP(request.client.ip, 64),
      addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
      errorResponseBuilder: () => new AppError("RATE_LIMITED", "Too many requests. Please slow down."),
      ...(redis ? { redis, nameSpace: REDIS_NAMESPACE, skipOnError: true } : {}),
    });
  },
  { name: "rate-limit", dependencies: ["request-context"] },
);
