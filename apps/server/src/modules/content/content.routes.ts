import { ApiErrorSchema } from "@playfair/contracts/api-error";
import {
  ContentLocaleQuerySchema,
  ContentPageParamsSchema,
  ContentPageResponseSchema,
  QuestionsPageSchema,
  QuestionsQuerySchema,
} from "@playfair/contracts/content";
import { HelpOrganisationListSchema, HelpOrganisationsQuerySchema } from "@playfair/contracts/help-organisations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/app-error.ts";

/** Content changes rarely and is the same for every visitor, so shared caches may keep it briefly. */
const CONTENT_CACHE_CONTROL = "public, max-age=300";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;

  app.get(
    "/pages/:kind/:identity",
    {
      schema: {
        tags: ["content"],
        summary: "A content page rendered from markdown; English when the locale has no version",
        params: ContentPageParamsSchema,
        querystring: ContentLocaleQuerySchema,
        response: { 200: ContentPageResponseSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { kind, identity } = request.params;
      const page = await content.getPage(kind, identity, request.query.locale);
      if (!page) throw notFound(`No ${kind} content page "${identity}"`);
      reply.header("cache-control", CONTENT_CACHE_CONTROL);
      return { data: page };
    },
  );

  app.get(
    "/questions",
    {
      schema: {
        tags: ["content"],
        summary: "Frequently asked questions, in the operator's order",
        querystring: QuestionsQuerySchema,
        response: { 200: QuestionsPageSchema },
      },
    },
    async (request, reply) => {
      const { locale, page, perPage } = request.query;
      const questions = await content.listQuestions(locale, page, perPage);
      reply.header("cache-control", CONTENT_CACHE_CONTROL);
      return questions;
    },
  );

  app.get(
    "/help-organisations",
    {
      schema: {
        tags: ["content"],
        summary: "Help organisations and helplines for a country (the visitor's when not given), then the international ones",
        querystring: HelpOrganisationsQuerySchema,
        response: { 200: HelpOrganisationListSchema },
      },
    },
    async (request, reply) => {
      // Public data; without a country asked for, the answer follows the edge's country header, so a
      // shared cache keeps one copy per country.
      reply.header("cache-control", CONTENT_CACHE_CONTROL);
      if (!request.query.country) reply.header("vary", app.config.countryHeader);
      return app.services.helpOrganisations.forCountry(request.query.country ?? request.client.country);
    },
  );
};
