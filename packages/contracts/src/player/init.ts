import { z } from "zod";
import { ProfileSchema } from "./profile.ts";

/** GET /api/player/init: what the client needs right after sign-in, in one call. */
export const PlayerInitSchema = z
  .object({
    profile: ProfileSchema,
    accounts: z.array(
      z.object({ id: z.string(), currency: z.string(), status: z.number().int(), isSelected: z.boolean(), isHidden: z.boolean() }),
    ),
    socialConnections: z.array(z.string()).meta({ description: "socialType of each linked provider" }),
    /** Channels of spec 7 "Realtime" the player may subscribe to. */
    realtimeChannels: z.array(z.string()),
  })
  .meta({ id: "PlayerInit" });
export type PlayerInit = z.infer<typeof PlayerInitSchema>;
