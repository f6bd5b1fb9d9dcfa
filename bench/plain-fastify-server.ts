// The reference of the API target of `npm run bench`: Fastify 5 with one route and nothing else (no
// logger, no hooks, no plugins), answering the exact bytes and headers the real server sent for
// /api/settings/currencies, with a fresh trace id per request as the real one makes. Between this
// one and the real endpoint lies what our hooks, plugins and the rest of the application cost
// (trace id, rate limit, security headers, schema validation).
//
//   node bench/plain-fastify-server.ts <port> <body-file> <headers-json-file>
//
// The headers file is a JSON object of the constant response headers (name -> value), without
// content-length, date, connection, keep-alive and x-trace-id. Listens on 127.0.0.1 only. Stops on
// SIGTERM/SIGINT.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [portArgument, bodyFile, headersFile] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || !bodyFile || !headersFile) {
  console.error("usage: node bench/plain-fastify-server.ts <port> <body-file> <headers-json-file>");
  process.exit(2);
}

const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8")) as Record<string, string>;

const app = Fastify({ logger: false });
app.get("/api/settings/currencies", (_request, reply) => {
  reply.header("x-trace-id", randomUUID()).headers(headers).send(body);
});

await app.listen({ port, host: "127.0.0.1" });
console.log(`plain Fastify server listening on http://127.0.0.1:${port} (${body.byteLength} bytes, ${Object.keys(headers).length} constant headers)`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void app.close();
  });
}
