import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import type { TestServer } from "./test-server.ts";

export type RawResponse = { status: number; headers: IncomingHttpHeaders; text: string; json(): unknown };

/**
 * A request sent with exactly the given headers. fetch() replaces a Host header with the address it
 * connects to; node:http sends a made-up one, as an attacker's own client would.
 */
export function rawRequest(
  server: TestServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawResponse> {
  const { port } = new URL(server.baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...(body === undefined ? {} : { "content-type": "application/json" }), ...options.headers };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) as unknown });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
