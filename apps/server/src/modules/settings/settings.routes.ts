import { SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import { paginateList, paginationQuerySchema } from "@playfair/contracts/pagination";
import {
  ACCEPTED_CURRENCIES_PATH,
  ConstantsResponseSchema,
  CountriesResponseSchema,
  CurrenciesQuerySchema,
  CurrenciesResponseSchema,
  LocalesResponseSchema,
} from "@playfair/contracts/settings";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { cachedJson } from "../../lib/json-cache.ts";
import type { ReferenceSnapshot } from "./settings.service.ts";

// Reference lists are small and cached by the client as a whole, so one page holds them all by
// default; they still paginate like every other list so no answer can outgrow the size limit.
const ReferenceListQuerySchema = paginationQuerySchema({ defaultPerPage: 500, maxPerPage: 500 });
const CurrenciesListQuerySchema = CurrenciesQuerySchema.extend(ReferenceListQuerySchema.shape);
const ANSWER_HEADERS = {
  "cache-control": `public, max-age=${SETTINGS_CACHE_TTL_SECONDS}`,
  "content-type": "application/json; charset=utf-8",
};

function sendCachedJson(reply: FastifyReply, json: Buffer) {
  return reply.headers(ANSWER_HEADERS).send(json);
}

type CurrenciesQuery = z.infer<typeof CurrenciesListQuerySchema>;
type ListQuery = z.infer<typeof ReferenceListQuerySchema>;

// The encoded answers, shared by the routes and their hot (query-less) addresses.
function currenciesJson({ currencies }: ReferenceSnapshot, { visible, page, perPage }: CurrenciesQuery): Buffer {
  return cachedJson(currencies, `${visible}:${page}:${perPage}`, () =>
    paginateList(visible === undefined ? currencies : currencies.filter((currency) => currency.isVisible === visible), { page, perPage }),
  );
}

function localesJson({ locales }: ReferenceSnapshot, query: ListQuery): Buffer {
  return cachedJson(locales, `${query.page}:${query.perPage}`, () => paginateList(locales, query));
}

function countriesJson({ countries }: ReferenceSnapshot, query: ListQuery): Buffer {
  return cachedJson(countries, `${query.page}:${query.perPage}`, () => paginateList(countries, query));
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.settings;

  function constantsJson(): Buffer {
    const constants = settings.getConstants();
    return cachedJson(constants.timeZones, "constants", () => ({ data: constants }));
  }

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
        querystring: CurrenciesListQuerySchema,
        response: { 200: CurrenciesResponseSchema },
      },
    },
    (request, reply) => answerFromSnapshot(reply, (snapshot) => currenciesJson(snapshot, request.query)),
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
    (request, reply) => answerFromSnapshot(reply, (snapshot) => localesJson(snapshot, request.query)),
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
    (request, reply) => answerFromSnapshot(reply, (snapshot) => countriesJson(snapshot, request.query)),
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
      sendCachedJson(reply, constantsJson());
    },
  );

  // What every page load asks for, answered ahead of Fastify while the snapshot is fresh (a stale
  // one goes to the routes above, which reload it): the addresses as the site sends them, each
  // answered as the route answers its query string.
  const hot = app.hotResponses;
  if (hot) {
    const currenciesDefaults = CurrenciesListQuerySchema.parse({});
    const visibleCurrencies = CurrenciesListQuerySchema.parse(Object.fromEntries(new URL(ACCEPTED_CURRENCIES_PATH, "http://site").searchParams));
    const listDefaults = ReferenceListQuerySchema.parse({});
    const fromFreshSnapshot = (encode: (snapshot: ReferenceSnapshot) => Buffer) => () => {
      const fresh = settings.freshSnapshot();
      return fresh && encode(fresh);
    };
    hot.register(`${app.prefix}/currencies`, ANSWER_HEADERS, fromFreshSnapshot((snapshot) => currenciesJson(snapshot, currenciesDefaults)));
    hot.register(ACCEPTED_CURRENCIES_PATH, ANSWER_HEADERS, fromFreshSnapshot((snapshot) => currenciesJson(snapshot, visibleCurrencies)));
    hot.register(`${app.prefix}/locales`, ANSWER_HEADERS, fromFreshSnapshot((snapshot) => localesJson(snapshot, listDefaults)));
    hot.register(`${app.prefix}/countries`, ANSWER_HEADERS, fromFreshSnapshot((snapshot) => countriesJson(snapshot, listDefaults)));
    hot.register(`${app.prefix}/constants`, ANSWER_HEADERS, constantsJson);
  }
};
