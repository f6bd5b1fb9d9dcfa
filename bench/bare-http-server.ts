// The reference point of `npm run bench`: a plain node:http server answering every request with
// the exact bytes the real server sent for /api/settings/currencies, with the same content-type.
// The gap between this and the real endpoint is what Fastify, our hooks and plugins cost.
//
//   node bench/bare-http-server.ts <port> <body-file> <content-type>
//
// Listens on 127.0.0.1 only. Stops on SIGTERM/SIGINT.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [portArgument, bodyFile, contentType] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0 || !bodyFile || !contentType) {
  console.error("usage: node bench/bare-http-server.ts <port> <body-file> <content-type>");
  process.exit(2);
}

const body = readFileSync(bodyFile);
const contentLength = String(body.byteLength);

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": contentType, "content-length": contentLength });
  response.end(body);
});

server.listen(port, "127.0.0.1", () => {
  console.log(`bare node:http server listening on http://127.0.0.1:${port} (${body.byteLength} bytes, ${contentType})`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
  });
}
