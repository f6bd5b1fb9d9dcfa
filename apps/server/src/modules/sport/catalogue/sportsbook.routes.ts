import { ApiErrorSchema } from "@playfair/contracts/api-error";
import {
  CarouselQuerySchema,
  EventDetailSchema,
  EventListQuerySchema,
  EventSummaryListSchema,
  EventSummaryPageSchema,
  SportCountListSchema,
  EventIdParamsSchema,
} from "@playfair/contracts/sport/sportsbook-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/app-error.ts";

// The widget's read API (ADR 035), registered under /api/sportsbook. Anyone may read it; prices
// move all the time, so nothing here is cached (the private-answers plugin makes it no-store).

export const sportsbookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { lists } = app.services.sport;

  app.get(
    "/sports",
    { schema: { tags: ["sport"], summary: "Sports with open events: how many pre-match and live", response: { 200: SportCountListSchema } } },
    async () => ({ data: await lists.sportCounts() }),
  );

  app.get(
    "/events",
    {
      schema: {
        tags: ["sport"],
        summary: "Open events with their main market: live ones by sport, pre-match ones by start",
        querystring: EventListQuerySchema,
        response: { 200: EventSummaryPageSchema },
      },
    },
    async (request) => lists.listEvents(request.query),
  );

  app.get(
    "/events/:id",
    { schema: { tags: ["sport"], summary: "One event with every market", params: EventIdParamsSchema, response: { 200: EventDetailSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const event = await lists.eventDetail(request.params.id);
      if (!event) throw notFound(`No sport event ${request.params.id}.`);
      return event;
    },
  );

  app.get(
    "/top-events",
    { schema: { tags: ["sport"], summary: "The home page's top events: big championships' soonest matches", querystring: CarouselQuerySchema, response: { 200: EventSummaryListSchema } } },
    async (request) => ({ data: await lists.topEvents(request.query.perPage) }),
  );

  app.get(
    "/live",
    { schema: { tags: ["sport"], summary: "The home page's live carousel", querystring: CarouselQuerySchema, response: { 200: EventSummaryListSchema } } },
    async (request) => ({ data: await lists.liveEvents(request.query.perPage) }),
  );
};
