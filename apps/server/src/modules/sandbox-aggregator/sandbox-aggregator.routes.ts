import { randomBytes } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { gamePage, gamePagePolicy, refusedPage } from "./game-page.ts";
import { ROULETTE_CHOICES } from "./math.ts";
import { LaunchRefused, type SandboxAggregator } from "./sandbox-aggregator.service.ts";

// The sandbox aggregator's own addresses, at /sandbox-aggregator on this server (outside /api: it
// stands for another company's site): the launch page the casino frames, and the spin call of its
// game. Its wallet traffic goes to the casino over HTTP like any remote aggregator's.

export const SANDBOX_AGGREGATOR_PREFIX = "/sandbox-aggregator";

const SpinParamsSchema = z.object({ sessionId: z.string().min(16).max(64).regex(/^[\w-]+$/) });
const SpinBodySchema = z.object({ stake: z.string().min(1).max(32), choice: z.enum(ROULETTE_CHOICES).optional() });

export function sandboxAggregatorRoutes(sandbox: SandboxAggregator): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get("/launch", { schema: { hide: true, querystring: z.record(z.string(), z.string()) } }, async (request, reply) => {
      // The address carries the operator's session token: never sent on as a referrer, never cached.
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer").type("text/html; charset=utf-8");
      try {
        const game = await sandbox.launch(request.query);
        const nonce = randomBytes(16).toString("base64");
        reply.header("content-security-policy", gamePagePolicy(nonce));
        return reply.send(gamePage(game, `${SANDBOX_AGGREGATOR_PREFIX}/sessions/${game.sessionId}/spin`, nonce));
      } catch (error) {
        if (!(error instanceof LaunchRefused)) throw error;
        return reply.status(403).send(refusedPage(error.message));
      }
    });

    routes.post("/sessions/:sessionId/spin", { schema: { hide: true, params: SpinParamsSchema, body: SpinBodySchema } }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        const result = await sandbox.spin(request.params.sessionId, request.body);
        if (!result) throw new AppError("NOT_FOUND", "This game session does not exist.");
        return result;
      } catch (error) {
        if (error instanceof LaunchRefused) throw new AppError("VALIDATION_FAILED", "The given data was invalid.", { fieldErrors: { stake: [error.message] } });
        throw error;
      }
    });
  };
}
