import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * The OpenAPI document is generated from the same zod schemas that validate each route, so the
 * document cannot drift from the code. JSON at /api/docs/json, a readable page at /api/docs
 * (registered inside the /api scope, hence the relative prefix).
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Playfair API",
          version: "1.0.0",
          description:
            "Player-facing API of the Playfair casino and sportsbook. Every error answers with the ApiError body; " +
            "every request may send x-trace-id, source and platform headers.",
        },
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: false });
  },
  { name: "openapi" },
);
