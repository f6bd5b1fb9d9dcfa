import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { EventIdParamsSchema, EventInfoSchema, SportIdParamsSchema, SportInfoSchema, SportSearchQuerySchema, SportSearchResultSchema } from "@playfair/contracts/sport/sportsbook-api";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/app-error.ts";
import { ifNoneMatchMatches, strongEtagOf } from "../../../lib/etag.ts";

// The spec's sport calls (spec 7), registered under /api/game: sport info, event info and
// search. Guests may call them (spec 6); the answers are the same for everyone, so they carry a
// strong ETag and may sit in shared caches briefly.

const PUBLIC_CACHE_CONTROL = "public, max-age=30";

function sendTagged(request: FastifyRequest, reply: FastifyReply, json: Buffer, etag = strongEtagOf(json)): FastifyReply {
  reply.header("cache-control", PUBLIC_CACHE_CONTROL).header("etag", etag);
  if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  return reply.header("content-type", "application/json; charset=utf-8").send(json);
}

export const sportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sport } = app.services;

  app.get(
    "/sport/info/:id",
    {
      schema: { tags: ["sport"], summary: "A sport's categories, each with its championships", params: SportIdParamsSchema, response: { 200: SportInfoSchema, 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      const answer = await sport.info.sportInfo(request.params.id);
      if (!answer) throw notFound(`No sport ${request.params.id}.`);
      return sendTagged(request, reply, answer.json, answer.etag);
    },
  );

  app.get(
    "/sport/events/:id",
    {
      schema: { tags: ["sport"], summary: "An event with its championship, category and sport", params: EventIdParamsSchema, response: { 200: EventInfoSchema, 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      const info = await sport.info.eventInfo(request.params.id);
      if (!info) throw notFound(`No sport event ${request.params.id}.`);
      return sendTagged(request, reply, Buffer.from(JSON.stringify(info)));
    },
  );

  app.get(
    "/sport/search",
    {
      schema: { tags: ["sport"], summary: "Open events (by name or competitor) and championships whose names contain the text", querystring: SportSearchQuerySchema, response: { 200: SportSearchResultSchema } },
    },
    async (request) => sport.info.search(request.query.text),
  );
};
