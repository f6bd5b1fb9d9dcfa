import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCentrifugoClient } from "./centrifugo-client.ts";

type Received = { url: string | undefined; apiKey: string | undefined; body: Record<string, unknown> };

describe("Centrifugo HTTP API adapter", () => {
  const received: Received[] = [];
  let answer: (body: Record<string, unknown>) => { status: number; json: unknown } = () => ({ status: 200, json: { result: {} } });
  let server: Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        const body = JSON.parse(text) as Record<string, unknown>;
        received.push({ url: request.url, apiKey: request.headers["x-api-key"] as string | undefined, body });
        const { status, json } = answer(body);
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts to /api/publish with the API key, the outbox id as idempotency key and eventId tag", async () => {
    const client = createCentrifugoClient({ apiUrl, apiKey: "secret-key" });
    expect(await client.publish({ eventId: "42", channel: "wallet:accounts#7", data: { event: "balance" } })).toEqual({ kind: "accepted" });
    expect(received.at(-1)).toEqual({
      url: "/api/publish",
      apiKey: "secret-key",
      body: { channel: "wallet:accounts#7", data: { event: "balance" }, tags: { eventId: "42" }, idempotency_key: "outbox-42" },
    });
  });

  it("tells a refusal (error in a 200 answer) from an outage (5xx, temporary error, no server)", async () => {
    const client = createCentrifugoClient({ apiUrl, apiKey: "k" });
    answer = () => ({ status: 200, json: { error: { code: 102, message: "unknown channel" } } });
    expect(await client.publish({ eventId: "1", channel: "x:y", data: {} })).toMatchObject({ kind: "rejected", error: expect.stringContaining("102") });
    answer = () => ({ status: 200, json: { error: { code: 100, message: "internal server error", temporary: true } } });
    expect(await client.publish({ eventId: "2", channel: "x:y", data: {} })).toMatchObject({ kind: "unavailable" });
    answer = () => ({ status: 503, json: {} });
    expect(await client.publish({ eventId: "3", channel: "x:y", data: {} })).toMatchObject({ kind: "unavailable" });
    answer = () => ({ status: 401, json: {} });
    expect(await client.publish({ eventId: "4", channel: "x:y", data: {} })).toMatchObject({ kind: "rejected" });
    const nobody = createCentrifugoClient({ apiUrl: "http://127.0.0.1:1", apiKey: "k" });
    expect(await nobody.publish({ eventId: "5", channel: "x:y", data: {} })).toMatchObject({ kind: "unavailable" });
  });

  it("disconnects all of a user's connections through /api/disconnect with the given code", async () => {
    answer = () => ({ status: 200, json: { result: {} } });
    const client = createCentrifugoClient({ apiUrl: `${apiUrl}/`, apiKey: "secret-key" });
    expect(await client.disconnectUser("player-7", { code: 4001, reason: "session check" })).toEqual({ kind: "accepted" });
    expect(received.at(-1)).toEqual({ url: "/api/disconnect", apiKey: "secret-key", body: { user: "player-7", disconnect: { code: 4001, reason: "session check" } } });
  });
});
