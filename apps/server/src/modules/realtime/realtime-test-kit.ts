// Test-only helpers of the realtime integration tests (nothing in the app imports this module).
import { createConnection, createServer, type Socket } from "node:net";
import { Centrifuge, type PublicationContext, type ServerSubscribedContext } from "centrifuge";
import { WebSocket } from "ws";
import type { TestServer } from "../../../test/test-server.ts";
import { readJson } from "../../../test/test-server.ts";

export function websocketUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, "ws")}/api/connection/websocket`;
}

export async function fetchConnectionToken(server: Pick<TestServer, "request">, accessToken: string): Promise<string> {
  const response = await server.request("/api/realtime/token", { headers: { authorization: `Bearer ${accessToken}` } });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}`);
  return ((await readJson(response)) as { token: string }).token;
}

/** An official centrifuge-js client collecting the publications of its server-side subscriptions. */
export function connectCentrifuge(url: string, options: { token?: string; getToken?: () => Promise<string> }) {
  const publications: PublicationContext[] = [];
  const disconnects: { code: number; reason: string }[] = [];
  const subscribed: ServerSubscribedContext[] = [];
  const client = new Centrifuge(url, {
    ...(options.token ? { token: options.token } : {}),
    ...(options.getToken ? { getToken: options.getToken } : {}),
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
  });
  client.on("publication", (context) => publications.push(context));
  client.on("disconnected", (context) => disconnects.push({ code: context.code, reason: context.reason }));
  client.on("subscribed", (context) => subscribed.push(context));
  client.connect();
  return { client, publications, disconnects, subscribed };
}

export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5_000, what = "condition"): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A raw websocket speaking the JSON protocol by hand (for malformed and abusive clients). */
export async function openRawSocket(url: string) {
  const socket = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  let closed: { code: number; reason: string } | undefined;
  socket.on("message", (raw) => {
    for (const line of raw.toString().split("\n")) if (line) messages.push(JSON.parse(line) as Record<string, unknown>);
  });
  socket.on("close", (code, reason) => (closed = { code, reason: reason.toString() }));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    messages,
    send: (frame: string) => socket.send(frame),
    closed: () => waitFor(() => closed, 8_000, "the socket to close"),
    reply: (id: number) => waitFor(() => messages.find((message) => message.id === id), 5_000, `reply ${id}`),
  };
}

/**
 * A loopback TCP relay in front of the server whose link can be cut: `cut()` drops every relayed
 * connection and refuses new ones (a network outage), `restore()` lets clients through again.
 */
export async function startCuttableRelay(targetPort: number) {
  const open = new Set<Socket>();
  let isCut = false;
  const relay = createServer((incoming) => {
    if (isCut) {
      incoming.destroy();
      return;
    }
    const outgoing = createConnection({ host: "127.0.0.1", port: targetPort });
    open.add(incoming).add(outgoing);
    const drop = () => {
      incoming.destroy();
      outgoing.destroy();
      open.delete(incoming);
      open.delete(outgoing);
    };
    incoming.on("error", drop).on("close", drop);
    outgoing.on("error", drop).on("close", drop);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const address = relay.address();
  if (!address || typeof address === "string") throw new Error("relay has no address");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}
