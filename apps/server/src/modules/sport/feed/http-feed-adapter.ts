import { FeedBatchSchema, type FeedBatch, type SportCatalogueRows, type SnapshotRequest } from "@playfair/contracts/sport/feed-catalogue";
import type { FeedMessage } from "@playfair/contracts/sport/feed-messages";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../../lib/app-error.ts";
import { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhook-signature.ts";
import { deliverTogether } from "./deliver-together.ts";
import type { FeedAdapter } from "./feed-adapter.ts";

export type FeedReceipt = { received: number };

export type HttpFeedAdapter = FeedAdapter & {
  /** A signed batch from the producer (`POST /api/sport/feed/messages`): verified on its raw bytes, then delivered in order (`deliverTogether`). */
  receive(request: { rawBody: string; signature: string | undefined }): Promise<FeedReceipt>;
};

/**
 * The feed of a producer in another process (the in-house one is `scripts/sport-producer.ts`).
 * Its batches arrive signed like provider callbacks (S8: HMAC-SHA256 over `<t>.<raw body>`,
 * refused when unsigned, wrongly signed or more than five minutes off); our snapshot requests go
 * to `<producerUrl>/snapshot`, signed the same way with the first secret.
 */
export function createHttpFeedAdapter(options: {
  producerUrl: string;
  secrets: () => Promise<string[]>;
  now: () => Date;
  storeCatalogue: (rows: SportCatalogueRows) => Promise<void>;
  logger: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): HttpFeedAdapter {
  const send = options.fetch ?? fetch;
  let deliver: ((message: FeedMessage) => Promise<void>) | null = null;
  // Batches are applied one after another, in the order they arrived.
  let queue: Promise<unknown> = Promise.resolve();

  async function apply(batch: FeedBatch): Promise<FeedReceipt> {
    if (batch.catalogue) await options.storeCatalogue(batch.catalogue);
    const failed = (await deliverTogether(batch.messages, (message) => deliver!(message))).find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return { received: batch.messages.length };
  }

  return {
    async start(deliverMessage) {
      deliver = deliverMessage;
    },
    async stop() {
      deliver = null;
      await queue.catch(() => undefined);
    },
    async receive({ rawBody, signature }) {
      const check = verifyWebhookSignature(rawBody, signature, await options.secrets(), options.now());
      if (!check.ok) {
        options.logger.warn({ failure: check.failure }, "sport feed batch refused");
        throw new AppError("UNAUTHORIZED", check.failure === "outside-tolerance" ? "The batch timestamp is too old or in the future." : "The batch signature is not valid.");
      }
      let batch: FeedBatch;
      try {
        batch = FeedBatchSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError("BAD_REQUEST", "The body is not a feed batch.");
      }
      if (!deliver) throw new AppError("SERVICE_UNAVAILABLE", "The feed is not started.");
      const applied = queue.then(() => apply(batch));
      queue = applied.catch(() => undefined);
      return applied;
    },
    async requestSnapshot(producer, since, requestId) {
      const request: SnapshotRequest = { producer, since, requestId };
      const body = JSON.stringify(request);
      const response = await send(new URL("snapshot", options.producerUrl.endsWith("/") ? options.producerUrl : `${options.producerUrl}/`), {
        method: "POST",
        headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, [(await options.secrets())[0]!], options.now()) },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`the feed producer answered ${response.status} to a snapshot request`);
    },
  };
}
