import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bonusOfferRoutes } from "./bonus-offers.routes.ts";
import { freespinRoutes } from "./freespins.routes.ts";
import { cashbackRoutes } from "./cashback.routes.ts";
import { playerBonusRoutes } from "./player-bonuses.routes.ts";

// Registered under /api/game: spec 7 "Quests and bonuses" (player bonuses, free spins, deposit
// offers, codes, cashback). Each part keeps its routes in its own file, registered here.

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bonusOfferRoutes);
  await app.register(freespinRoutes);
  await app.register(playerBonusRoutes);
  await app.register(cashbackRoutes);
};
