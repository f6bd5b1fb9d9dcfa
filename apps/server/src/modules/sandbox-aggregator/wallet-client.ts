import type { FastifyBaseLogger } from "fastify";
import { SEAMLESS_WALLET_PATH, SeamlessWalletAnswerSchema, type SeamlessWalletAnswer, type SeamlessWalletCall } from "@playfair/contracts/game/seamless-wallet";
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from "../../lib/webhook-signature.ts";

// How the sandbox aggregator reaches an operator's seamless wallet: over HTTP, as a remote
// aggregator does, each body signed with the shared secret. A call that times out, fails on the
// network or gets a 5xx is sent again with the same body (the same transaction id), so the
// operator either does it once or replays its first answer; refusals are answers, never retried.

/** Raised when no attempt got an answer: the caller decides (a bet is then rolled back). */
export class WalletUnavailable extends Error {}

export type WalletClient = {
  call(call: SeamlessWalletCall, body: Record<string, unknown>): Promise<SeamlessWalletAnswer>;
};

export function createWalletClient(dependencies: {
  /** The operator's origin (our loopback address by default). */
  baseUrl: () => string;
  secret: () => Promise<string>;
  timeoutMs: number;
  attempts?: number;
  now: () => Date;
  logger: FastifyBaseLogger;
}): WalletClient {
  const attempts = dependencies.attempts ?? 3;
  return {
    async call(call, body) {
      const rawBody = JSON.stringify(body);
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          // Signed again on each attempt: the timestamp must stay within the operator's tolerance.
          const signature = signWebhook(rawBody, [await dependencies.secret()], dependencies.now());
          const response = await fetch(`${dependencies.baseUrl()}${SEAMLESS_WALLET_PATH}/${call}`, {
            method: "POST",
            headers: { "content-type": "application/json", [WEBHOOK_SIGNATURE_HEADER]: signature },
            body: rawBody,
            signal: AbortSignal.timeout(dependencies.timeoutMs),
          });
          if (response.status >= 500) throw new Error(`the wallet answered ${response.status}`);
          return SeamlessWalletAnswerSchema.parse(await response.json());
        } catch (error) {
          lastError = error;
          dependencies.logger.warn({ err: error, call, attempt }, "sandbox aggregator: wallet call not answered; retrying with the same transaction");
          if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
      throw new WalletUnavailable(`the ${call} call got no answer`, { cause: lastError });
    },
  };
}
