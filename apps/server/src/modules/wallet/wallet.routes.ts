import { CreateWalletAccountRequestSchema, WalletAccountIdParamsSchema, WalletAccountListSchema } from "@playfair/contracts/wallet/accounts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Principal } from "../../plugins/authentication.ts";

// Spec 7 "Wallet and payment": the player's accounts. Registered under /api/wallet.

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("the route does not declare config.auth");
  return request.principal;
}

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app.services;
  const authenticated = { config: { auth: "player" } } as const;

  app.get(
    "/accounts",
    { config: { ...authenticated.config, restrictedMode: "allowed" }, schema: { tags: ["wallet"], summary: "The player's accounts with balances", response: { 200: WalletAccountListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await wallet.list(principalOf(request).playerId) };
    },
  );

  app.post(
    "/accounts",
    {
      ...authenticated,
      schema: { tags: ["wallet"], summary: "Add an account in another currency", body: CreateWalletAccountRequestSchema, response: { 200: WalletAccountListSchema } },
    },
    async (request) => ({ data: await wallet.create(principalOf(request).playerId, request.body.currency) }),
  );

  app.put(
    "/accounts/:id/switch",
    {
      config: { ...authenticated.config, restrictedMode: "allowed" },
      schema: { tags: ["wallet"], summary: "Play with this account (the selected one)", params: WalletAccountIdParamsSchema, response: { 200: WalletAccountListSchema } },
    },
    async (request) => ({ data: await wallet.switchTo(principalOf(request).playerId, request.params.id) }),
  );

  app.put(
    "/accounts/:id/hide",
    {
      ...authenticated,
      schema: { tags: ["wallet"], summary: "Hide an account from the lists", params: WalletAccountIdParamsSchema, response: { 200: WalletAccountListSchema } },
    },
    async (request) => ({ data: await wallet.hide(principalOf(request).playerId, request.params.id) }),
  );
};
