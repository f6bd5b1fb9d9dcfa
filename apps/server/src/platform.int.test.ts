import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, readJson, startTestServer, type TestServer } from "../test/test-server.ts";
import { openDatabase } from "./db/database.ts";

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

describe(`API conventions (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  let server: TestServer;
  const logs = captureLogs();

  beforeAll(async () => {
    server = await startTestServer({
      env: { SLOW_REQUEST_MS: "50", TRUSTED_PROXIES: "127.0.0.1" },
      logger: logs.logger,
      configure(app) {
        app.get("/api/test/slow", async () => {
          await sleep(120);
          return { done: true };
        });
        app.get("/api/test/client", async (request) => request.client);
        // A response written outside Fastify's send, as the React site's pages are.
        app.get("/api/test/slow-stream", (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { "content-type": "text/plain" });
          reply.raw.write("first part ");
          setTimeout(() => reply.raw.end("last part"), 120);
        });
        app.get("/api/test/huge", async (_request, reply) => reply.type("application/json").send(JSON.stringify({ blob: "x".repeat(600 * 1024) })));
        app.post("/api/test/echo", async (request) => ({ received: request.body }));
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it("echoes the caller's x-trace-id and generates one when absent", async () => {
    const echoed = await server.request("/api/health", { headers: { "x-trace-id": "trace-abc-123" } });
    expect(echoed.headers.get("x-trace-id")).toBe("trace-abc-123");
    const generated = await server.request("/api/health");
    expect(generated.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await server.request("/api/health", { headers: { "x-trace-id": "bad id with spaces" } });
    expect(unsafe.headers.get("x-trace-id")).not.toBe("bad id with spaces");
  });

  it("sends helmet's security headers on every answer, the document-only ones on documents only", async () => {
    for (const path of ["/api/health", "/api/no/such/thing", "/api/settings/currencies", "/api/docs/json", "/api/docs"]) {
      const response = await server.request(path, { redirect: "manual" });
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), path).toContain("max-age=");
      expect(response.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
    }
    // The readable API documentation is an HTML page: it gets the whole set, JSON answers do not.
    const documentPage = await server.request("/api/docs", { redirect: "manual" });
    expect(documentPage.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(documentPage.headers.get("origin-agent-cluster")).toBe("?1");
    const json = await server.request("/api/settings/currencies");
    expect(json.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(json.headers.get("x-dns-prefetch-control")).toBeNull();
  });

  it("reports the database round trip on /api/health", async () => {
    const response = await server.request("/api/health");
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.status).toBe("ok");
    expect(body.database.driver).toBe(server.database.driver);
    expect(body.database.roundTripMs).toBeGreaterThanOrEqual(0);
  });

  it("answers malformed JSON with 400 and the error body", async () => {
    const response = await server.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json", "x-trace-id": "malformed-1" },
      body: '{"amount": "10.00",',
    });
    expect(response.status).toBe(400);
    expect(ApiErrorSchema.parse(await readJson(response))).toMatchObject({ status: 400, code: "MALFORMED_JSON", traceId: "malformed-1" });
  });

  it("accepts well-formed JSON", async () => {
    const response = await server.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: "10.00" }),
    });
    expect(await readJson(response)).toEqual({ received: { amount: "10.00" } });
  });

  it("answers an oversize body with 413", async () => {
    const response = await server.request("/api/test/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(server.config.bodyLimitBytes + 10) }),
    });
    expect(response.status).toBe(413);
    expect((await readJson(response)).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers an unknown /api path with a JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await server.request("/api/no/such/thing?x=1", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = ApiErrorSchema.parse(await readJson(response));
      expect(body.code).toBe("NOT_FOUND");
      expect(body.message).not.toContain("/api/no/such/thing");
    }
  });

  it("refuses to send a response over 512 KB", async () => {
    const response = await server.request("/api/test/huge");
    expect(response.status).toBe(500);
    expect((await readJson(response)).code).toBe("INTERNAL_ERROR");
  });

  it("warns about slow requests with the trace id on the log line", async () => {
    await server.request("/api/test/slow", { headers: { "x-trace-id": "slow-trace-1" } });
    const warning = logs.lines.find((line) => line.msg === "slow request" && line.traceId === "slow-trace-1");
    expect(warning).toMatchObject({ level: 40, url: "/api/test/slow" });
    expect(Number(warning?.durationMs)).toBeGreaterThanOrEqual(100);
  });

  it("times streamed responses to their last byte", async () => {
    const response = await server.request("/api/test/slow-stream", { headers: { "x-trace-id": "slow-stream-1" } });
    expect(await response.text()).toBe("first part last part");
    const warning = logs.lines.find((line) => line.msg === "slow request" && line.traceId === "slow-stream-1");
    expect(warning).toMatchObject({ level: 40, url: "/api/test/slow-stream", statusCode: 200 });
    expect(Number(warning?.durationMs)).toBeGreaterThanOrEqual(100);
  });

  it("puts the trace id on every log line written during a request", async () => {
    await server.request("/api/no/such/thing", { headers: { "x-trace-id": "every-line-1" } });
    const requestLines = logs.lines.filter((line) => line.traceId === "every-line-1");
    expect(requestLines.length).toBeGreaterThan(0);
    expect(logs.lines.filter((line) => line.msg === "request rejected").every((line) => typeof line.traceId === "string")).toBe(true);
  });

  it("reads the visitor country, client IP, source and platform from headers of a trusted proxy", async () => {
    const response = await server.request("/api/test/client", {
      headers: { "cf-ipcountry": "br", "x-forwarded-for": "203.0.113.7", source: "https://playfair.example", platform: "tg", "user-agent": "Playfair-Test/1.0" },
    });
    expect(await readJson(response)).toEqual({ ip: "203.0.113.7", country: "BR", source: "https://playfair.example", platform: "tg", userAgent: "Playfair-Test/1.0" });
    const unknown = await server.request("/api/test/client", { headers: { "cf-ipcountry": "XX" } });
    expect((await readJson(unknown)).country).toBeNull();
  });

  it("publishes an OpenAPI document and a readable page", async () => {
    const document = await readJson(await server.request("/api/docs/json"));
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ["/api/health", "/api/settings/currencies", "/api/settings/locales", "/api/settings/countries", "/api/settings/constants"]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    expect(document.components.schemas.Currency).toBeDefined();
    const page = await server.request("/api/docs");
    expect([200, 302]).toContain(page.status);
  });
});

describe("edge headers from an untrusted peer", () => {
  it("are ignored", async () => {
    const server = await startTestServer({
      configure(app) {
        app.get("/api/test/client", async (request) => request.client);
      },
    });
    try {
      const response = await server.request("/api/test/client", { headers: { "cf-ipcountry": "BR", "x-forwarded-for": "203.0.113.7" } });
      const client = (await readJson(response)) as { country: string | null; ip: string };
      expect(client.country).toBeNull();
      expect(client.ip).toBe("127.0.0.1");
    } finally {
      await server.close();
    }
  });
});

describe("an edge's client-address header", () => {
  it("counts only when it holds an IP address: the address is stored with sessions and registrations", async () => {
    const server = await startTestServer({
      env: { TRUSTED_PROXIES: "127.0.0.1", CLIENT_IP_HEADER: "cf-connecting-ip" },
      configure(app) {
        app.get("/api/test/client", async (request) => request.client);
      },
    });
    try {
      const address = async (value: string) => ((await readJson(await server.request("/api/test/client", { headers: { "cf-connecting-ip": value } }))) as { ip: string }).ip;
      expect(await address("198.51.100.4")).toBe("198.51.100.4");
      expect(await address("2001:db8::5")).toBe("2001:db8::5");
      expect(await address("not an address; drop table players")).toBe("127.0.0.1");
    } finally {
      await server.close();
    }
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After once a client exceeds its budget", async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "60000" } });
    try {
      const statuses: number[] = [];
      let lastResponse: Response | undefined;
      let firstResponse: Response | undefined;
      for (let attempt = 0; attempt < 5; attempt++) {
        lastResponse = await server.request("/api/settings/locales");
        firstResponse ??= lastResponse;
        statuses.push(lastResponse.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      if (!lastResponse || !firstResponse) throw new Error("no response");
      // The budget is told with the refusal, not on every answer.
      expect(firstResponse.headers.get("x-ratelimit-remaining")).toBeNull();
      expect(lastResponse.headers.get("x-ratelimit-limit")).toBe("3");
      expect(Number(lastResponse.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(lastResponse.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(ApiErrorSchema.parse(await readJson(lastResponse)).code).toBe("RATE_LIMITED");
      // Load balancers' health checks are not counted against anyone's budget.
      expect((await server.request("/api/health")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("database outage", () => {
  it("answers 503 when the database is unreachable and keeps serving", async () => {
    // A PostgreSQL address where nothing listens: every query fails to connect.
    const unreachable = await openDatabase({ driver: "postgres", url: "postgres://nobody@127.0.0.1:1/none", poolSize: 1 });
    const server = await startTestServer({ database: { ...unreachable, name: "unreachable" } });
    try {
      const health = await server.request("/api/health");
      expect(health.status).toBe(503);
      expect(ApiErrorSchema.parse(await readJson(health)).code).toBe("SERVICE_UNAVAILABLE");
      const currencies = await server.request("/api/settings/currencies");
      expect(currencies.status).toBe(503);
      const body = ApiErrorSchema.parse(await readJson(currencies));
      expect(body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expect((await server.request("/api/nope")).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("answers 503 when the database goes away while running", async () => {
    const database = await openTestDatabase();
    const server = await startTestServer({ database });
    try {
      expect((await server.request("/api/health")).status).toBe(200);
      await database.close();
      server.app.services.settings.invalidate();
      expect((await server.request("/api/health")).status).toBe(503);
      expect((await server.request("/api/settings/countries")).status).toBe(503);
    } finally {
      await server.app.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests before closing", async () => {
    const server = await startTestServer({
      configure(app) {
        app.get("/api/test/slow", async () => {
          await sleep(300);
          return { done: true };
        });
      },
    });
    const inFlight = server.request("/api/test/slow");
    await sleep(50);
    const closing = server.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ done: true });
    await closing;
  });
});
