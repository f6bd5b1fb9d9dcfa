import {
  BonusCodeInputSchema,
  BonusCodeParamsSchema,
  BonusPackageCodeParamsSchema,
  BonusPackageInputSchema,
  BonusPackageListSchema,
  BonusPackageResponseSchema,
  BonusTemplateCodeParamsSchema,
  BonusTemplateListSchema,
  BonusTemplateResponseSchema,
  ManualBonusIssueRequestSchema,
  OperatorBonusCodeListSchema,
  OperatorBonusCodeResponseSchema,
  ManualBonusIssueResponseSchema,
} from "@playfair/contracts/bonus/operator-bonuses";
import { BonusTemplateInputSchema } from "@playfair/contracts/bonus/templates";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createOperatorKeys, requireOperatorKey } from "../notification/operator-keys.ts";

// Registered under /api/operator: bonus templates, the welcome package and bonus codes, and a
// bonus given by hand, behind the operator key (`Authorization: Bearer <operator key>`), for the
// operator API and `npm run ops -- bonuses`.

export const operatorBonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.bonus.admin;
  requireOperatorKey(app, createOperatorKeys({ config: app.config, secrets: app.services.secrets, logger: app.log }));
  const tags = ["operator"];

  app.get("/bonus-templates", { schema: { tags, summary: "Every bonus template", response: { 200: BonusTemplateListSchema } } }, async () => ({ data: await admin.listTemplates() }));
  app.get(
    "/bonus-templates/:code",
    { schema: { tags, summary: "One bonus template", params: BonusTemplateCodeParamsSchema, response: { 200: BonusTemplateResponseSchema } } },
    async (request) => ({ data: await admin.getTemplate(request.params.code) }),
  );
  app.put(
    "/bonus-templates/:code",
    { schema: { tags, summary: "Create or replace a bonus template (issued bonuses keep their terms)", params: BonusTemplateCodeParamsSchema, body: BonusTemplateInputSchema, response: { 200: BonusTemplateResponseSchema } } },
    async (request) => ({ data: await admin.putTemplate(request.params.code, request.body) }),
  );
  app.delete(
    "/bonus-templates/:code",
    { schema: { tags, summary: "Deactivate a bonus template (it is no longer offered)", params: BonusTemplateCodeParamsSchema, response: { 200: BonusTemplateResponseSchema } } },
    async (request) => ({ data: await admin.deactivateTemplate(request.params.code) }),
  );

  app.get("/bonus-packages", { schema: { tags, summary: "The bonus packages (the welcome package)", response: { 200: BonusPackageListSchema } } }, async () => ({ data: await admin.listPackages() }));
  app.get(
    "/bonus-packages/:code",
    { schema: { tags, summary: "One bonus package", params: BonusPackageCodeParamsSchema, response: { 200: BonusPackageResponseSchema } } },
    async (request) => ({ data: await admin.getPackage(request.params.code) }),
  );
  app.put(
    "/bonus-packages/:code",
    { schema: { tags, summary: "Create or replace a bonus package and its deposit steps", params: BonusPackageCodeParamsSchema, body: BonusPackageInputSchema, response: { 200: BonusPackageResponseSchema } } },
    async (request) => ({ data: await admin.putPackage(request.params.code, request.body) }),
  );

  app.get("/bonus-codes", { schema: { tags, summary: "Every bonus code", response: { 200: OperatorBonusCodeListSchema } } }, async () => ({ data: await admin.listCodes() }));
  app.get(
    "/bonus-codes/:code",
    { schema: { tags, summary: "One bonus code", params: BonusCodeParamsSchema, response: { 200: OperatorBonusCodeResponseSchema } } },
    async (request) => ({ data: await admin.getCode(request.params.code) }),
  );
  app.put(
    "/bonus-codes/:code",
    { schema: { tags, summary: "Create or replace a bonus code", params: BonusCodeParamsSchema, body: BonusCodeInputSchema, response: { 200: OperatorBonusCodeResponseSchema } } },
    async (request) => ({ data: await admin.putCode(request.params.code, request.body) }),
  );
  app.delete("/bonus-codes/:code", { schema: { tags, summary: "Deactivate a bonus code (players can no longer enter it)", params: BonusCodeParamsSchema } }, async (request, reply) => {
    await admin.deactivateCode(request.params.code);
    return reply.status(204).send(null);
  });

  app.post(
    "/player-bonuses",
    { schema: { tags, summary: "Give one player a bonus or free spins by hand (refused with the reason when they may not have it)", body: ManualBonusIssueRequestSchema, response: { 201: ManualBonusIssueResponseSchema } } },
    async (request, reply) => reply.status(201).send({ data: await admin.issueBonusManually(request.body) }),
  );
};
