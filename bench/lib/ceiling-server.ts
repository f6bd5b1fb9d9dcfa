// The machine's ceiling for the catalogue's answers (bench/casino.ts with BENCH_CEILING=1): a plain
// Fastify server that sends the same bytes our server answered for the page and the search, with
// the same content type, refusing requests without a bearer token (present, nothing verified). What
// it measures is HTTP, the load generator and the two cores, and nothing of ours.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const page = readFileSync(process.env.CEILING_PAGE_FILE ?? "", "utf8");
const search = readFileSync(process.env.CEILING_SEARCH_FILE ?? "", "utf8");
const app = Fastify({ logger: false });
app.get("/api/health", async () => ({ status: "ok" }));
for (const [path, body] of [["/api/game/games", page], ["/api/game/games/search", search]] as const) {
  app.get(path, (request, reply) => {
    if (!request.headers.authorization) return reply.code(401).send();
    return reply.header("cache-control", "no-store").type("application/json; charset=utf-8").send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
