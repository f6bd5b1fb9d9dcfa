import { SEAMLESS_WALLET_CALLS, SEAMLESS_WALLET_STATUSES, SeamlessWalletAnswerSchema } from "@playfair/contracts/game/seamless-wallet";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";

// The seamless-wallet endpoints an aggregator calls (ADR 022), under /api/game/aggregator. The body
// stays raw bytes until its signature has been checked, like the payment providers' webhooks; the
// answer is the protocol's own body, not the API's error body. They take no session: the signature
// is the caller's identity, and the sandbox aggregator calls them from this very host, so the
// per-address request budget is not theirs.
export const gameAggregatorRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.removeAllContentTypeParsers();
  routes.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
  for (const call of SEAMLESS_WALLET_CALLS) {
    routes.post(
      `/${call}`,
      {
        config: { rateLimit: false },
        schema: {
          tags: ["game"],
          summary: `Seamless wallet: ${call}, signed in the ${WEBHOOK_SIGNATURE_HEADER} header (HMAC-SHA256 over "<timestamp>.<raw body>"); statuses ${SEAMLESS_WALLET_STATUSES.join(", ")}`,
          response: { 200: SeamlessWalletAnswerSchema, 400: SeamlessWalletAnswerSchema, 401: SeamlessWalletAnswerSchema, 500: SeamlessWalletAnswerSchema },
        },
      },
      async (request, reply) => {
        const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
        const rawBody = typeof request.body === "string" ? request.body : "";
        const result = await app.services.gameAggregator.handle(call, rawBody, Array.isArray(header) ? header[0] : header);
        return reply.status(result.httpStatus).send(result.answer);
      },
    );
  }
};
