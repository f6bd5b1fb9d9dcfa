import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { VALIDATION_MESSAGES_BY_LOCALE } from "@playfair/contracts/validation/catalogues";
import { localizeValidationMessage } from "@playfair/contracts/validation/localize";
import { parseValidationMessage } from "@playfair/contracts/validation/parse-message";
import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { zodIssueMessage } from "@playfair/contracts/validation/zod-issues";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { sendsBody, shapeOf, startApiContract, zodSchema, type ApiContract } from "../test/api-contract.ts";
import { routeName } from "../test/route-table.ts";
import { readJson } from "../test/test-server.ts";

// What a client is told about its input, walked over the whole route table so that a route added
// later is covered without touching this file: a missing or wrongly typed field gets the spec's
// catalogue message in the caller's language, and a character no text field takes gets 422, never 500.

/** Values tried for a field until its schema rejects one as the wrong type. */
const WRONG_TYPE_CANDIDATES: readonly unknown[] = [12345, "zz-not-valid", true, [], { nested: true }];

let api: ApiContract;

beforeAll(async () => {
  api = await startApiContract();
});

afterAll(async () => {
  await api?.server.close();
});

/** The fields a schema requires: those whose own schema refuses a missing value. */
function requiredFields(schema: z.ZodType | undefined): string[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

/**
 * A field and a value of the wrong type for it, with the message it must get: the schema's own
 * wording where it has one, else the catalogue's. A case the catalogue answers is preferred.
 */
function wrongTypeCase(schema: z.ZodType | undefined, asQuery: boolean): { field: string; value: unknown; message: string } | undefined {
  const shape = shapeOf(schema);
  if (!shape) return undefined;
  const candidates = asQuery ? WRONG_TYPE_CANDIDATES.filter((value) => typeof value === "string") : WRONG_TYPE_CANDIDATES;
  const cases: { field: string; value: unknown; message: string }[] = [];
  for (const field of new Set([...requiredFields(schema), ...Object.keys(shape)])) {
    const fieldSchema = shape[field];
    if (!fieldSchema) continue;
    for (const value of candidates) {
      const issue = fieldSchema.safeParse(value, { error: zodIssueMessage }).error?.issues[0];
      if (issue && issue.path.length === 0) {
        cases.push({ field, value, message: issue.message });
        break;
      }
    }
  }
  return cases.find((candidate) => parseValidationMessage(candidate.message) !== undefined) ?? cases[0];
}

/** zod's built-in wording (en locale), which no answer may carry. */
const ZOD_DEFAULT_WORDING = /^(Invalid input|Invalid option|Invalid string|Invalid value|Invalid discriminator|Too small|Too big|Unrecognized key|Invalid key|Invalid element|Invalid (email|URL|UUID|ISO|number))/;

function expectNoZodWording(errors: Record<string, string[]>, where: string) {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) expect(message, `${where}: ${field}`).not.toMatch(ZOD_DEFAULT_WORDING);
  }
}

describe("field messages", () => {
  it("names every required field of every request body with the spec's required message, in English and German", async () => {
    let checked = 0;
    for (const route of api.routes) {
      const required = requiredFields(zodSchema(route.schema?.body));
      if (required.length === 0) continue;
      for (const [language, catalogue] of [
        ["en", VALIDATION_MESSAGES_BY_LOCALE.en],
        ["de-DE,de;q=0.9,en;q=0.5", VALIDATION_MESSAGES_BY_LOCALE.de],
      ] as const) {
        const token = api.credentialsFor(route);
        const response = await api.call(route, { body: "{}", language, ...(token ? { token } : {}) });
        const where = `${routeName(route)} (${language})`;
        expect(response.status, where).toBe(422);
        const error = ApiErrorSchema.parse(await readJson(response));
        expect(error, where).toMatchObject({ status: 422, code: "VALIDATION_FAILED", message: "The given data was invalid." });
        for (const field of required) expect(error.errors?.[field], `${where}: ${field}`).toEqual([catalogue.required]);
        expectNoZodWording(error.errors ?? {}, where);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("names every required query parameter with the spec's required message", async () => {
    const checked: string[] = [];
    for (const route of api.routes) {
      if (route.schema?.body) continue;
      const required = requiredFields(zodSchema(route.schema?.querystring));
      if (required.length === 0) continue;
      const token = api.credentialsFor(route);
      const response = await api.call(route, token ? { token } : {});
      expect(response.status, routeName(route)).toBe(422);
      const error = ApiErrorSchema.parse(await readJson(response));
      for (const field of required) expect(error.errors?.[field], `${routeName(route)}: ${field}`).toEqual([VALIDATION_MESSAGES_EN.required]);
      checked.push(routeName(route));
    }
    expect(checked).toContain("GET /api/payment/methods/deposit");
  });

  it("answers a wrongly typed field with the catalogue's message for it on every route with a body or query schema", async () => {
    let checked = 0;
    for (const route of api.routes) {
      const bodySchema = zodSchema(route.schema?.body);
      const querySchema = route.schema?.body ? undefined : zodSchema(route.schema?.querystring);
      const wrong = bodySchema ? wrongTypeCase(bodySchema, false) : wrongTypeCase(querySchema, true);
      if (!wrong) continue;
      const token = api.credentialsFor(route);
      for (const [language, catalogue] of [
        ["en", VALIDATION_MESSAGES_BY_LOCALE.en],
        ["ru", VALIDATION_MESSAGES_BY_LOCALE.ru],
      ] as const) {
        const response = bodySchema
          ? await api.call(route, { body: JSON.stringify({ [wrong.field]: wrong.value }), language, ...(token ? { token } : {}) })
          : await api.call(route, { query: `?${new URLSearchParams({ [wrong.field]: String(wrong.value) }).toString()}`, language, ...(token ? { token } : {}) });
        const where = `${routeName(route)} ${wrong.field}=${JSON.stringify(wrong.value)} (${language})`;
        expect(response.status, where).toBe(422);
        const error = ApiErrorSchema.parse(await readJson(response));
        expect(error.errors?.[wrong.field], where).toEqual([localizeValidationMessage(wrong.message, catalogue)]);
        if (language === "en") expectNoZodWording(error.errors ?? {}, where);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(25);
  });

  it("tells a registration without country or agreements exactly what the spec says", async () => {
    const body = JSON.stringify({ email: "new-player@example.com", password: "long enough password", currency: "USD" });
    const response = await api.server.request("/api/player/register", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(422);
    expect(ApiErrorSchema.parse(await readJson(response)).errors).toEqual({ country: ["Value is required"], agreements: ["Value is required"] });

    const wrong = JSON.stringify({ email: "new-player@example.com", password: "long enough password", currency: "USD", country: 49, agreements: 5 });
    const typed = await api.server.request("/api/player/register", { method: "POST", headers: { "content-type": "application/json", "accept-language": "pt-BR" }, body: wrong });
    expect(ApiErrorSchema.parse(await readJson(typed)).errors).toEqual({
      country: [VALIDATION_MESSAGES_BY_LOCALE["pt-br"].string],
      agreements: [VALIDATION_MESSAGES_BY_LOCALE["pt-br"].boolean],
    });
  });

  it("translates the rule messages a handler adds after the schema, and leaves domain messages as written", async () => {
    const response = await api.server.request("/api/player/register", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify({ email: "not-an-address", password: "short", currency: "USD", country: "DE", agreements: true }),
    });
    expect(response.status).toBe(422);
    const errors = ApiErrorSchema.parse(await readJson(response)).errors ?? {};
    expect(errors.email).toEqual([VALIDATION_MESSAGES_BY_LOCALE.de.email]);
    expect(errors.password).toEqual(["Dieses Feld muss mindestens 8 Zeichen lang sein"]);
  });
});

// --- Characters no field takes --------------------------------------------------------------------

type FieldPath = (string | number)[];

/** Every leaf of a request schema (object fields, array elements), as the path a client fills in. */
function leafPaths(schema: z.ZodType, path: FieldPath = [], depth = 0): FieldPath[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (depth > 8) return [path];
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return leafPaths(def.innerType as z.ZodType, path, depth + 1);
    case "pipe":
      return leafPaths(def.in as z.ZodType, path, depth + 1);
    case "object":
      return Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>).flatMap(([key, field]) => leafPaths(field, [...path, key], depth + 1));
    case "array":
      return leafPaths(def.element as z.ZodType, [...path, 0], depth + 1);
    case "union":
      return leafPaths((def.options as z.ZodType[])[0] as z.ZodType, path, depth + 1);
    default:
      return path.length > 0 ? [path] : [];
  }
}

/** A request body holding `value` at `path` and nothing else. */
function bodyWith(path: FieldPath, value: string): unknown {
  return path.reduceRight<unknown>((inner, key) => {
    if (typeof key === "number") return [inner];
    return { [key]: inner };
  }, value);
}

const NUL_TEXT = "pla\u0000yer";
const FORMAT_INVALID = VALIDATION_MESSAGES_EN.regex;

describe("characters no text field takes", () => {
  it("answers 422 with the spec's format message, never 500, to a NUL in any string of any route's body", async () => {
    let checked = 0;
    for (const route of api.routes) {
      const schema = zodSchema(route.schema?.body);
      if (!schema) continue;
      const token = api.credentialsFor(route);
      for (const path of leafPaths(schema)) {
        const response = await api.call(route, { body: JSON.stringify(bodyWith(path, NUL_TEXT)), ...(token ? { token } : {}) });
        const where = `${routeName(route)} ${path.join(".")}`;
        expect(response.status, where).toBe(422);
        const error = ApiErrorSchema.parse(await readJson(response));
        expect(error.errors, where).toEqual({ [path.join(".")]: [FORMAT_INVALID] });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it("answers 422, never 500, to a NUL in any query parameter and any path parameter", async () => {
    let checked = 0;
    for (const route of api.routes) {
      const token = api.credentialsFor(route);
      const withToken = token ? { token } : {};
      for (const field of Object.keys(shapeOf(zodSchema(route.schema?.querystring)) ?? {})) {
        const response = await api.call(route, { query: `?${field}=pla%00yer`, ...withToken });
        expect(response.status, `${routeName(route)} ?${field}`).toBe(422);
        expect(ApiErrorSchema.parse(await readJson(response)).errors, `${routeName(route)} ?${field}`).toEqual({ [field]: [FORMAT_INVALID] });
        checked += 1;
      }
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        if (!name) continue;
        // The hook runs before the route's own validation, so the other parameters need not fit.
        const path = route.url.replace(/:(\w+)/g, (_match, other: string) => (other === name ? "pla%00yer" : "1"));
        const response = await api.server.request(path, {
          method: route.method,
          headers: { "accept-language": "en", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(sendsBody(route) ? { "content-type": "application/json" } : {}) },
          ...(sendsBody(route) ? { body: "{}" } : {}),
        });
        expect(response.status, `${routeName(route)} :${name}`).toBe(422);
        expect(ApiErrorSchema.parse(await readJson(response)).errors, `${routeName(route)} :${name}`).toEqual({ [name]: [FORMAT_INVALID] });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
