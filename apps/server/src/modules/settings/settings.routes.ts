import { SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import { paginateList, paginationQuerySchema } from "@playfair/contracts/pagination";
import {
  ConstantsResponseSchema,
  CountriesResponseSchema,
  CurrenciesQuerySchema,
  CurrenciesResponseSchema,
  LocalesResponseSchema,
} from "@playfair/contracts/settings";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedJson } from "../../lib/json-cache.ts";
import type { ReferenceSnapshot } from "./settings.service.ts";

// Reference lists are small and cached by the client as a whole, so one page holds them all by
// default; they still paginate like every other list so no answer can outgrow the size limit.
const ReferenceListQuerySchema = paginationQuerySchema({ defaultPerPage: 500, maxPerPage: 500 });
const CACHE_CONTROL = `public, max-age=${SETTINGS_CACHE_TTL_SECONDS}`;

function sendCachedJson(reply: FastifyReply, json: Buffer) {
  return reply.header("cache-control", CACHE_CONTROL).type("application/json; charset=utf-8").send(json);
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.settings;

  /**
   * Answers from the in-memory reference data: synchronously while it is fresh (nearly every
   * request: no promise, no extra ticks on the hottest endpoints), after a reload otherwise.
   */
  function answerFromSnapshot(reply: FastifyReply, encode: (snapshot: ReferenceSnapshot) => Buffer): Promise<void> | undefined {
    const fresh = settings.freshSnapshot();
    if (fresh) {
      sendCachedJson(reply, encode(fresh));
      return undefined;
    }
    return settings.snapshot().then((loaded) => {
      sendCachedJson(reply, encode(loaded));
    });
  }

  app.get(
    "/currencies",
    {
      schema: {
        tags: ["settings"],
        summary: "Currencies with rates, precision and sub-units",
        querystring: CurrenciesQuerySchema.extend(ReferenceListQuerySchema.shape),
        response: { 200: CurrenciesResponseSchema },
      },
    },
    (request, reply) => {
      const { visible, page, perPage } = request.query;
      return answerFromSnapshot(reply, ({ currencies }) =>
        cachedJson(currencies, `${visible}:${page}:${perPage}`, () =>
          paginateList(visible === undefined ? currencies : currencies.filter((currency) => currency.isVisible === visible), { page, perPage }),
        ),
      );
    },
  );

  app.get(
    "/locales",
    {
      schema: {
        tags: ["settings"],
        summary: "Site locales; exactly one is the default",
        querystring: ReferenceListQuerySchema,
        response: { 200: LocalesResponseSchema },
      },
    },
    (request, reply) =>
      answerFromSnapshot(reply, ({ locales }) =>
        cachedJson(locales, `${request.query.page}:${request.query.perPage}`, () => paginateList(locales, request.query)),
      ),
  );

  app.get(
    "/countries",
    {
      schema: {
        tags: ["settings"],
        summary: "ISO countries with a suggested locale; excluded ones are not selectable",
        querystring: ReferenceListQuerySchema,
        response: { 200: CountriesResponseSchema },
      },
    },
    (request, reply) =>
      answerFromSnapshot(reply, ({ countries }) =>
        cachedJson(countries, `${request.query.page}:${request.query.perPage}`, () => paginateList(countries, request.query)),
      ),
  );

  app.get(
    "/constants",
    {
      schema: {
        tags: ["settings"],
        summary: "Status codes and time zones (the spec's global settings constants)",
        response: { 200: ConstantsResponseSchema },
      },
    },
    (_request, reply) => {
      const constants = settings.getConstants();
      sendCachedJson(reply, cachedJson(constants.timeZones, "constants", () => ({ data: constants })));
    },
  );
};
