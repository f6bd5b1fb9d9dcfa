import { SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import { paginateList, paginationQuerySchema } from "@playfair/contracts/pagination";
import {
  ConstantsResponseSchema,
  CountriesResponseSchema,
  CurrenciesQuerySchema,
  CurrenciesResponseSchema,
  LocalesResponseSchema,
} from "@playfair/contracts/settings";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { ifNoneMatchMatches, strongEtagOf } from "../../lib/etag.ts";
import { cachedJson } from "../../lib/json-cache.ts";
import type { ReferenceSnapshot } from "./settings.service.ts";

// Reference lists are small and cached by the client as a whole, so one page holds them all by
// default; they still paginate like every other list so no answer can outgrow the size limit.
const ReferenceListQuerySchema = paginationQuerySchema({ defaultPerPage: 500, maxPerPage: 500 });
const CurrenciesListQuerySchema = CurrenciesQuerySchema.extend(ReferenceListQuerySchema.shape);
const CACHE_CONTROL = `public, max-age=${SETTINGS_CACHE_TTL_SECONDS}`;

/**
 * Answers `json` with a strong ETag, or 304 without a body when the client's If-None-Match
 * already names it: a client whose cached copy has expired revalidates it for the cost of the
 * headers, and sees an operator's edit as soon as the server reloads the data.
 */
function sendCachedJson(request: FastifyRequest, reply: FastifyReply, json: Buffer): void {
  const etag = strongEtagOf(json);
  reply.header("cache-control", CACHE_CONTROL).header("etag", etag);
  if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) {
    reply.code(304).send();
    return;
  }
  reply.header("content-type", "application/json; charset=utf-8").send(json);
}

type CurrenciesQuery = z.infer<typeof CurrenciesListQuerySchema>;
type ListQuery = z.infer<typeof ReferenceListQuerySchema>;

// The encoded answers, memoised per snapshot and query: the same bytes, and so the same ETag,
// until the data is reloaded.
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
  function answerFromSnapshot(request: FastifyRequest, reply: FastifyReply, encode: (snapshot: ReferenceSnapshot) => Buffer): Promise<void> | undefined {
    const fresh = settings.freshSnapshot();
    if (fresh) {
      sendCachedJson(request, reply, encode(fresh));
      return undefined;
    }
    return settings.snapshot().then((loaded) => {
      sendCachedJson(request, reply, encode(loaded));
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
    (request, reply) => answerFromSnapshot(request, reply, (snapshot) => currenciesJson(snapshot, request.query)),
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
    (request, reply) => answerFromSnapshot(request, reply, (snapshot) => localesJson(snapshot, request.query)),
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
    (request, reply) => answerFromSnapshot(request, reply, (snapshot) => countriesJson(snapshot, request.query)),
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
    (request, reply) => {
      sendCachedJson(request, reply, constantsJson());
    },
  );
};
