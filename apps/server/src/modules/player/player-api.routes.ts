import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "../auth/auth.routes.ts";
import { otpRoutes } from "../auth/otp.routes.ts";
import { passwordRoutes } from "../auth/password.routes.ts";
import { playerRoutes } from "../player/player.routes.ts";
import { socialRoutes } from "../social/social.routes.ts";

/** Everything under /api/player, one plugin per domain (each owns its paths). */
export const playerApiRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(authRoutes);
  await api.register(otpRoutes);
  await api.register(passwordRoutes);
  await api.register(playerRoutes);
  await api.register(socialRoutes);
};
