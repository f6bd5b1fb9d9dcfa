import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** `false` exempts a route from the request budget (health checks of load balancers). */
    rateLimit?: false;
  }
}

export type RequestBudgetOptions = {
  /** Requests a client may make per window. */
  max: number;
  windowMs: number;
  /** Clients tracked at once; beyond it the oldest windows are forgotten first. */
  maxClients?: number;
  now?: () => number;
};

export type RequestBudget = ReturnType<typeof createRequestBudget>;

export type RateLimitOptions = {
  /** Shared with the hot-response path (plugins/hot-responses.ts), so both count one budget. */
  budget: RequestBudget;
  /** Who is counted: the client IP now, a player id for per-player budgets. */
  keyOf: (request: FastifyRequest) => string;
};

type Window = { count: number; startedAt: number };

const DEFAULT_MAX_CLIENTS = 100_000;

/**
 * A request budget per client over fixed windows, counted in this process's memory.
 *
 * Ours rather than @fastify/rate-limit: its hook is asynchronous with several awaits per request
 * (key, store, budget), which cost the hottest endpoints about three percent of their throughput
 * in `npm run bench`; counting is a map lookup, so the hook here is synchronous. The budget is told
 * with the refusal only (Retry-After and the x-ratelimit-* headers on the 429), not on every answer.
 */
export function createRequestBudget(options: RequestBudgetOptions) {
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  // Insertion order is window-start order (a key is re-inserted when its window restarts), so
  // the first entries are always the oldest: sweeping and evicting stop at the first live one.
  const windows = new Map<string, Window>();

  function forgetExpired(at: number) {
    for (const [key, window] of windows) {
      if (window.startedAt + options.windowMs > at) break;
      windows.delete(key);
    }
  }

  /** Counts one request of `key`; returns the seconds to wait when it is over the budget, else 0. */
  function take(key: string): number {
    const at = now();
    let window = windows.get(key);
    if (window === undefined || window.startedAt + options.windowMs <= at) {
      if (window !== undefined) windows.delete(key);
      else if (windows.size >= maxClients) {
        forgetExpired(at);
        if (windows.size >= maxClients) windows.delete(windows.keys().next().value as string);
      }
      window = { count: 0, startedAt: at };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > options.max ? Math.max(1, Math.ceil((window.startedAt + options.windowMs - at) / 1000)) : 0;
  }

  return {
    max: options.max,
    windowMs: options.windowMs,
    take,
    forgetExpired: () => forgetExpired(now()),
    get trackedClients() {
      return windows.size;
    },
  };
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    const { budget } = options;
    const sweep = setInterval(budget.forgetExpired, budget.windowMs);
    sweep.unref();
    app.addHook("onClose", (_instance, done) => {
      clearInterval(sweep);
      done();
    });

    // Callback-style: an async hook costs every request a promise and a tick.
    const limitRequest: onRequestHookHandler = (request, _reply, done) => {
      const retryAfterSeconds = budget.take(options.keyOf(request));
      if (retryAfterSeconds === 0) {
        done();
        return;
      }
      done(
        new AppError("RATE_LIMITED", "Too many requests. Please slow down.", {
          headers: {
            "retry-after": String(retryAfterSeconds),
            "x-ratelimit-limit": String(budget.max),
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset": String(retryAfterSeconds),
          },
        }),
      );
    };

    app.addHook("onRoute", (route) => {
      if (route.config?.rateLimit === false) return;
      route.onRequest = route.onRequest === undefined ? [limitRequest] : [...[route.onRequest].flat(), limitRequest];
    });
  },
  { name: "rate-limit" },
);
