import net from "node:net";
import { Writable } from "node:stream";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

type RawAnswer = { status: number | null; headers: Record<string, string>; body: string; closedAfterMs: number };

/**
 * Writes `request` on a fresh socket exactly as given (no client library fixes it up) and reads
 * until the server closes the connection; `keepOpenMs` bounds the wait.
 */
function rawExchange(server: TestServer, request: string, options: { localAddress?: string; keepOpenMs?: number } = {}): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const socket = net.connect({ host: "127.0.0.1", port: Number(port), ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${options.keepOpenMs ?? 5_000} ms`));
    }, options.keepOpenMs ?? 5_000);
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ ...parseAnswer(Buffer.concat(chunks).toString("utf8")), closedAfterMs: Date.now() - startedAt });
    });
  });
}

function parseAnswer(text: string): Omit<RawAnswer, "closedAfterMs"> {
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: status ? Number(status) : null, headers, body: rest.join("\r\n\r\n") };
}

/** An open, idle connection from `localAddress`; resolves once connected, with a promise of its close. */
function openIdleConnection(server: TestServer, localAddress: string): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: Number(port), localAddress });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, closed }));
    closed.then(() => reject(new Error("closed before connecting")), () => undefined);
  });
}

function expectErrorBody(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toContain("application/json");
  const body = ApiErrorSchema.parse(JSON.parse(answer.body));
  expect(body).toMatchObject({ status, code });
  expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers["x-trace-id"]).toBe(body.traceId);
  return body;
}

describe("slow requests", () => {
  let server: TestServer;
  const logLines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      env: { HEADERS_TIMEOUT_MS: "400", REQUEST_TIMEOUT_MS: "600" },
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _encoding, callback) {
            for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
            callback();
          },
        }),
      },
      configure(app) {
        app.post("/api/test/echo", async (request) => ({ received: request.body }));
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it("answers 408 and closes when the body is shorter than its Content-Length promised", async () => {
    const answer = await rawExchange(
      server,
      'POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"amount":',
    );
    const body = expectErrorBody(answer, 408, "REQUEST_TIMEOUT");
    expect(body.message).not.toContain("/api/test/echo");
    // The limit plus Node's checking interval (a quarter of the header limit), with room for a busy machine.
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(500);
    expect(answer.closedAfterMs).toBeLessThan(2_500);
    // The aborted body is the client's doing: no error line (a slow sender must not page anyone).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("answers 408 and closes when the headers never end", async () => {
    const answer = await rawExchange(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n");
    expectErrorBody(answer, 408, "REQUEST_TIMEOUT");
    expect(answer.closedAfterMs).toBeLessThan(2_500);
  });

  it("keeps an idle keep-alive connection open past the request limits for the next request", async () => {
    const { port } = new URL(server.baseUrl);
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    const received: string[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk.toString("utf8")));
    await new Promise((resolve) => socket.once("connect", resolve));
    const waitForAnswers = async (count: number) => {
      for (let waited = 0; waited < 3_000 && (received.join("").match(/HTTP\/1\.1 /g) ?? []).length < count; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await waitForAnswers(1);
    // Idle well beyond both limits: they time a request's arrival, not the wait between requests.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await waitForAnswers(2);
    socket.destroy();
    expect(received.join("").match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
  });

  it("still answers a request that arrives in time", async () => {
    const answer = await rawExchange(
      server,
      'POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"amount":1}',
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: { amount: 1 } });
  });
});

describe("connections per address", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_CONNECTIONS_PER_IP: "3", TRUSTED_PROXIES: "127.0.0.3" } });
  });

  afterAll(async () => {
    await server.close();
  });

  it("refuses the connection over the limit from one address while another address is still served", async () => {
    const held = await Promise.all([1, 2, 3].map(() => openIdleConnection(server, "127.0.0.1")));
    // The fourth is closed before it can send anything: no answer at all.
    const refused = await rawExchange(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", { localAddress: "127.0.0.1" });
    expect(refused.status).toBeNull();
    expect(refused.body).toBe("");

    const other = await rawExchange(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", { localAddress: "127.0.0.2" });
    expect(other.status).toBe(200);

    // A connection given back makes room again.
    const first = held[0];
    if (!first) throw new Error("no connection held");
    first.socket.destroy();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await rawExchange(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", { localAddress: "127.0.0.1" });
    expect(again.status).toBe(200);
    for (const connection of held) connection.socket.destroy();
  });

  it("does not count a trusted proxy's connections: every client arrives through it", async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => openIdleConnection(server, "127.0.0.3")));
    const fifth = await rawExchange(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", { localAddress: "127.0.0.3" });
    expect(fifth.status).toBe(200);
    for (const connection of held) connection.socket.destroy();
  });
});

describe("requests refused below the routes", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      configure(app) {
        app.post("/api/test/echo", async (request) => ({ received: request.body }));
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it("answers oversize headers with 431 and the error body", async () => {
    const answer = await rawExchange(server, `GET /api/secret-path HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    const body = expectErrorBody(answer, 431, "HEADERS_TOO_LARGE");
    expect(answer.body).not.toContain("secret-path");
    expect(body.message).toBe("The request headers are too large.");
  });

  it("answers a header with a forbidden character with 400 and the error body", async () => {
    const answer = await rawExchange(server, "GET /api/secret-path HTTP/1.1\r\nHost: localhost\r\nX-Bad\u0001Name: 1\r\n\r\n");
    expectErrorBody(answer, 400, "BAD_REQUEST");
    expect(answer.body).not.toContain("secret-path");
  });

  it("answers a Content-Length that contradicts Transfer-Encoding with 400 (request smuggling)", async () => {
    const answer = await rawExchange(
      server,
      "POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    );
    expectErrorBody(answer, 400, "BAD_REQUEST");
  });

  it("answers a path the router cannot decode with 400, without echoing it", async () => {
    const answer = await rawExchange(server, "GET /api/secret-path/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    const body = expectErrorBody(answer, 400, "BAD_REQUEST");
    expect(answer.body).not.toContain("secret-path");
    expect(body.message).toBe("The request path is not valid.");
  });

  it("answers a body of an unsupported media type with 415, without echoing the type", async () => {
    const response = await server.request("/api/test/echo", { method: "POST", headers: { "content-type": "text/x-secret-type" }, body: "hello" });
    expect(response.status).toBe(415);
    const text = await response.text();
    expect(ApiErrorSchema.parse(JSON.parse(text))).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", traceId: response.headers.get("x-trace-id") });
    expect(text).not.toContain("secret-type");
  });

  it("answers invalid JSON with 400 MALFORMED_JSON and a trace id", async () => {
    const response = await server.request("/api/test/echo", { method: "POST", headers: { "content-type": "application/json" }, body: '{"secret-value": ' });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(ApiErrorSchema.parse(JSON.parse(text))).toMatchObject({ code: "MALFORMED_JSON", traceId: response.headers.get("x-trace-id") });
    expect(text).not.toContain("secret-value");
  });

  it("answers a path that exists with another method with 405 and Allow", async () => {
    const response = await server.request("/api/wallet/accounts", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(ApiErrorSchema.parse(await response.json())).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });

    // A parametric path: PUT /api/wallet/accounts/{id}/switch exists.
    const parametric = await server.request("/api/wallet/accounts/3f1c/switch", { method: "GET" });
    expect(parametric.status).toBe(405);
    expect(parametric.headers.get("allow")).toBe("PUT");
  });

  it("answers an unknown path with 404 without echoing it", async () => {
    const response = await server.request("/api/secret-path/nothing?token=secret-query", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("allow")).toBeNull();
    const text = await response.text();
    expect(ApiErrorSchema.parse(JSON.parse(text)).code).toBe("NOT_FOUND");
    expect(text).not.toContain("secret");
  });
});
