import { z } from "zod";

/** A linked external identity (spec 3 "Social connection"). socialType is the provider key, e.g. "google" or "telegram". */
export const SocialConnectionSchema = z
  .object({
    provider: z.string().meta({ description: "Display name of the provider" }),
    socialType: z.string(),
    email: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "SocialConnection" });

/** GET /api/player/social-connections: the player's links and every provider that can be linked. */
export const SocialConnectionsResponseSchema = z
  .object({
    connections: z.array(SocialConnectionSchema),
    available: z.array(z.object({ socialType: z.string(), name: z.string() })),
  })
  .meta({ id: "SocialConnections" });

export const SocialUnlinkRequestSchema = z.object({ socialType: z.string().max(32) }).meta({ id: "SocialUnlinkRequest" });
export const MessengerLinkRequestSchema = z.object({ tg_payload: z.string().min(1).max(4096) }).meta({ id: "MessengerLinkRequest" });

/** Public list of sign-in providers for the sign-in and sign-up modals. */
export const SocialProvidersResponseSchema = z
  .object({ providers: z.array(z.object({ socialType: z.string(), name: z.string() })) })
  .meta({ id: "SocialProviders" });
