import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * The policy of the documentation page. Swagger UI is files of its own; it renders with React in
 * the browser, whose style props are set through the CSSOM, which no policy governs. Its bundle
 * adds one constant <style> element, allowed by its hash (of the pinned @fastify/swagger-ui 6.1.3;
 * e2e/security.spec.ts fails on a violation when an upgrade changes it). The package's own default policy (`staticCSP: true`) would add
 * `upgrade-insecure-requests`, which breaks the page on a plain-http demo, and let the documents'
 * validator badge load from validator.swagger.io, which is switched off instead (validatorUrl).
 */
const DOCS_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

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
    await app.register(swaggerUi, {
      routePrefix: "/docs",
      // The page's own address is /api/docs: without the scope's prefix its files were asked for at /docs/static.
      indexPrefix: "/api",
      staticCSP: DOCS_PAGE_POLICY,
      uiConfig: { validatorUrl: null },
    });
  },
  { name: "openapi" },
);
