import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { CurrenciesResponseSchema } from "@playfair/contracts/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { currencies } from "./settings.schema.ts";

// Production's setting: per-request logging is off, so the hot path is on.
const PRODUCTION_LOGGING = { LOG_REQUESTS: "false" };
const HOT_ADDRESSES = [
  "/api/settings/currencies",
  "/api/settings/currencies?visible=true",
  "/api/settings/locales",
  "/api/settings/countries",
  "/api/settings/constants",
];
/** Headers that differ between any two answers, or that Node adds per connection. */
const PER_ANSWER_HEADERS = new Set(["date", "connection", "keep-alive", "x-trace-id"]);

function stableHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

describe(`hot reference data (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: PRODUCTION_LOGGING });
  });

  afterAll(async () => {
    await server.close();
  });

  it("answers the site's reference-data addresses ahead of Fastify with exactly the route's bytes and headers", async () => {
    const hot = server.app.hotResponses;
    if (!hot) throw new Error("the hot path is off");
    for (const address of HOT_ADDRESSES) {
      const answeredBefore = hot.answeredCount;
      const response = await server.request(address);
      expect(hot.answeredCount, address).toBe(answeredBefore + 1);
      // app.inject goes straight to Fastify's router: the route's own answer.
      const routed = await server.app.inject({ method: "GET", url: address });
      expect(response.status).toBe(200);
      expect(routed.statusCode).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(routed.rawPayload), address).toBe(true);
      expect(stableHeaders(Object.fromEntries(response.headers))).toEqual(stableHeaders(routed.headers));
    }
  });

  it("echoes the caller's trace id and makes one otherwise", async () => {
    const echoed = await server.request("/api/settings/currencies", { headers: { "x-trace-id": "hot-trace-1" } });
    expect(echoed.headers.get("x-trace-id")).toBe("hot-trace-1");
    const made = await server.request("/api/settings/currencies", { headers: { "x-trace-id": "not a sane id" } });
    expect(made.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves other filters and pages to the route", async () => {
    const hot = server.app.hotResponses!;
    const answeredBefore = hot.answeredCount;
    const hidden = CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies?visible=false")));
    expect(hidden.data.length).toBeGreaterThan(0);
    expect(hidden.data.every((currency) => !currency.isVisible)).toBe(true);
    const paged = CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies?perPage=2")));
    expect(paged.data).toHaveLength(2);
    expect(hot.answeredCount).toBe(answeredBefore);
  });

  it("shows an operator's edit once the reference data is reloaded: a stale snapshot goes to the route first", async () => {
    const hot = server.app.hotResponses!;
    const symbolOf = async (code: string) =>
      CurrenciesResponseSchema.parse(await readJson(await server.request("/api/settings/currencies"))).data.find((currency) => currency.code === code)?.symbol;
    const before = await symbolOf("UAH");
    try {
      await server.database.db.update(currencies).set({ symbol: "UAH-edited" }).where(eq(currencies.code, "UAH"));
      expect(await symbolOf("UAH")).toBe(before);
      server.app.services.settings.invalidate();
      const answeredBefore = hot.answeredCount;
      expect(await symbolOf("UAH")).toBe("UAH-edited");
      expect(hot.answeredCount).toBe(answeredBefore);
      // Reloaded by the route, the fresh snapshot is answered ahead of Fastify again.
      expect(await symbolOf("UAH")).toBe("UAH-edited");
      expect(hot.answeredCount).toBe(answeredBefore + 1);
    } finally {
      await server.database.db.update(currencies).set({ symbol: before ?? "₴" }).where(eq(currencies.code, "UAH"));
      server.app.services.settings.invalidate();
    }
  });
});

describe("hot reference data and the request budget", () => {
  it("counts hot answers and routed answers against one budget per client, as the trusted proxy names it", async () => {
    const server = await startTestServer({
      env: { ...PRODUCTION_LOGGING, RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "60000", TRUSTED_PROXIES: "127.0.0.1" },
    });
    try {
      const asClient = (ip: string, address: string) => server.request(address, { headers: { "x-forwarded-for": ip } });
      const statuses = [
        (await asClient("203.0.113.7", "/api/settings/currencies")).status,
        (await asClient("203.0.113.7", "/api/settings/currencies?page=1")).status,
        (await asClient("203.0.113.7", "/api/settings/locales")).status,
      ];
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await asClient("203.0.113.7", "/api/settings/currencies");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).not.toBeNull();
      expect(refused.headers.get("x-ratelimit-limit")).toBe("3");
      expect(ApiErrorSchema.parse(await readJson(refused)).code).toBe("RATE_LIMITED");
      // Another client behind the same proxy has its own budget.
      expect((await asClient("198.51.100.4", "/api/settings/currencies")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("a server with the hot path closing", () => {
  it("stops answering ahead of Fastify and still finishes in-flight requests", async () => {
    const server = await startTestServer({
      env: PRODUCTION_LOGGING,
      configure(app) {
        app.get("/api/test/slow", async () => {
          await sleep(300);
          return { done: true };
        });
      },
    });
    const hot = server.app.hotResponses!;
    expect((await server.request("/api/settings/currencies")).status).toBe(200);
    const answeredBefore = hot.answeredCount;
    const inFlight = server.request("/api/test/slow");
    await sleep(50);
    const closing = server.close();
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(await readJson(slow)).toEqual({ done: true });
    await closing;
    // A request reaching the closed server's handler (a kept-alive connection) goes to Fastify's 503.
    const request = { method: "GET", url: "/api/settings/currencies", headers: {}, socket: { remoteAddress: "127.0.0.1" } };
    const response = { writeHead: () => response, end: () => response };
    expect(hot.tryAnswer(request as never, response as never)).toBe(false);
    expect(hot.answeredCount).toBe(answeredBefore);
  });
});

describe("hot reference data while every request is logged", () => {
  it("is off, so each request reaches Fastify and its log line", async () => {
    const lines: { msg?: string; traceId?: string; statusCode?: number }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const server = await startTestServer({ env: { LOG_REQUESTS: "true" }, logger: { level: "info", stream } });
    try {
      expect(server.app.hotResponses).toBeUndefined();
      const response = await server.request("/api/settings/currencies", { headers: { "x-trace-id": "logged-1" } });
      expect(response.status).toBe(200);
      expect(CurrenciesResponseSchema.parse(await readJson(response)).data.length).toBeGreaterThan(0);
      expect(lines.find((line) => line.traceId === "logged-1" && line.msg === "request completed")).toMatchObject({ statusCode: 200 });
    } finally {
      await server.close();
    }
  });
});
