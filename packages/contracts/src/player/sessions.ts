import { z } from "zod";
import { pageSchema } from "../pagination.ts";

/** One sign-in of the player, as listed on the profile's sessions page. */
export const SessionViewSchema = z
  .object({
    id: z.string(),
    device: z.string().nullable().meta({ description: "desktop, mobile, tablet..." }),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    ip: z.string().nullable(),
    country: z.string().nullable(),
    method: z.string(),
    platform: z.string().nullable(),
    createdAt: z.string(),
    lastActiveAt: z.string(),
    isCurrent: z.boolean(),
  })
  .meta({ id: "PlayerSession" });
export type SessionView = z.infer<typeof SessionViewSchema>;

export const SessionListSchema = pageSchema(SessionViewSchema).meta({ id: "PlayerSessionList" });
