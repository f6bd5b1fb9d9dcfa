import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../lib/app-error.ts";
import { WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";
import type { HttpFeedAdapter } from "./http-feed-adapter.ts";

const FeedReceiptSchema = z.object({ received: z.number().int() });

/**
 * `POST /api/sport/feed/messages` (registered under `/sport/feed`): a separate feed producer's
 * signed batches. The body stays raw bytes until its signature has been checked (S8). Without an
 * HTTP feed configured (the simulator runs in-process) the address does not exist.
 */
export const sportFeedRoutes: FastifyPluginAsyncZod<{ feed: () => HttpFeedAdapter | null }> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    "/messages",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["sport"],
        summary: `A feed producer's batch of messages, signed in the ${WEBHOOK_SIGNATURE_HEADER} header (HMAC-SHA256 over "<timestamp>.<raw body>")`,
        response: { 200: FeedReceiptSchema },
      },
    },
    async (request) => {
      const feed = options.feed();
      if (!feed) throw notFound("The feed does not take messages over HTTP.");
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      return feed.receive({ rawBody: typeof request.body === "string" ? request.body : "", signature: Array.isArray(header) ? header[0] : header });
    },
  );
};
