import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";

// Registered under /api by app.ts.

const AltchaChallengeSchema = z
  .object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number().optional(),
      })
      .catchall(z.unknown()),
    signature: z.string().optional(),
  })
  .meta({ id: "AltchaChallenge", description: "An ALTCHA (v2) proof-of-work challenge for the altcha widget" });

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = app.services.captcha;

  app.get(
    "/captcha/challenge",
    {
      schema: {
        tags: ["player"],
        summary: "A fresh ALTCHA challenge (only when ALTCHA is the captcha provider)",
        response: { 200: AltchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      const challenge = await captcha.createChallenge();
      if (!challenge) throw new AppError("NOT_FOUND", "The self-hosted captcha is not in use.");
      // Every challenge is single use; a cached one would be refused.
      reply.header("cache-control", "no-store");
      return { parameters: { ...challenge.parameters }, ...(challenge.signature ? { signature: challenge.signature } : {}) };
    },
  );
};
