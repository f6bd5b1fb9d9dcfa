import { z } from "zod";

export const AvatarSchema = z.object({ id: z.string(), url: z.string() }).meta({ id: "Avatar" });
export const AvatarListSchema = z.object({ data: z.array(AvatarSchema) }).meta({ id: "AvatarList" });
export const SetAvatarRequestSchema = z.object({ avatarId: z.string().max(32) }).meta({ id: "SetAvatarRequest" });
