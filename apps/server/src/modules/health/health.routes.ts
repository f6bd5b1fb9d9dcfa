import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { AppError } from "../../lib/app-error.ts";

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.object({ driver: z.enum(["pglite", "postgres"]), roundTripMs: z.number() }),
    uptimeSeconds: z.number().int(),
  })
  .meta({ id: "Health" });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["platform"],
        summary: "Liveness and database round trip",
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      let roundTripMs: number;
      try {
        roundTripMs = await app.database.ping();
      } catch (error) {
        throw new AppError("SERVICE_UNAVAILABLE", "The database is unreachable.", { cause: error });
      }
      reply.header("cache-control", "no-store");
      return { status: "ok" as const, database: { driver: app.database.driver, roundTripMs }, uptimeSeconds: Math.floor(process.uptime()) };
    },
  );
};
