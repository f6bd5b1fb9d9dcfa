import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { VALIDATION_MESSAGES_BY_LOCALE } from "@playfair/contracts/validation/catalogues";
import { localizeValidationMessage } from "@playfair/contracts/validation/localize";
import { parseValidationMessage } from "@playfair/contracts/validation/parse-message";
import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { zodIssueMessage } from "@playfair/contracts/validation/zod-issues";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRoutes, routeName } from "../test/route-table.ts";
import { readJson, type TestServer } from "../test/test-server.ts";
import { eq } from "drizzle-orm";
import { createPlayer, signIn, startAccountsServer } from "./modules/messaging/accounts-test-kit.ts";
import { players } from "./modules/player/player.schema.ts";
import type { RouteEntry } from "./plugins/authentication.ts";
import { createSportsbookTokens } from "./modules/sport/betting/sportsbook-token.ts";

// The API as a new client meets it, walked over the whole route table so that a route added
// later is covered without touching this file: who may call what (401 before any validation),
// and what a missing or wrongly typed field is told (the spec's catalogue, in the caller's language).

const OPERATOR_KEY = "api-contract-operator-key-0123456789";

/** Routes any visitor may call (spec 6), plus infrastructure. A new public route is added here on purpose. */
const PUBLIC_ROUTES = new Set([
  "GET /api/docs",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
  "GET /api/docs/static/*",
  "GET /api/health",
  "POST /api/security/csp-reports",
  "GET /api/settings/currencies",
  "GET /api/settings/locales",
  "GET /api/settings/countries",
  "GET /api/settings/constants",
  "GET /api/content/pages/:kind/:identity",
  "GET /api/content/questions",
  "GET /api/content/help-organisations",
  "POST /api/player/register",
  "POST /api/player/register/phone",
  "POST /api/player/sessions",
  "POST /api/player/sessions/token",
  "POST /api/player/sessions/refresh",
  "POST /api/player/sessions/logout",
  "POST /api/player/passwords/reset",
  "POST /api/player/passwords/confirm",
  "POST /api/player/profile/email/verify/confirm",
  "GET /api/player/fields/validations",
  "GET /api/player/avatar/list",
  "GET /api/player/social/providers",
  "GET /api/player/social/:socialType/start",
  "POST /api/player/sessions/social",
  "POST /api/player/tg_login",
  "GET /api/captcha/challenge",
  "GET /api/notification/web-push/key",
  "POST /api/payment/webhooks/:provider",
  "GET /api/payment/sandbox/checkout/:paymentId",
  "POST /api/payment/sandbox/checkout/:paymentId/confirm",
  "POST /api/payment/sandbox/checkout/:paymentId/cancel",
  "POST /api/payment/sandbox/simulate/:reference",
  "GET /api/game/fairness/rounds/:id",
  "GET /api/game/spins/winners",
  // The shared crash round is watched by everyone: its state, its history, a round's record.
  "GET /api/game/crash/round",
  "GET /api/game/crash/rounds",
  "GET /api/game/crash/rounds/:roundId",
  // The aggregator's seamless-wallet calls: no session, the request signature is the caller (ADR 022).
  "POST /api/game/aggregator/balance",
  "POST /api/game/aggregator/bet",
  "POST /api/game/aggregator/win",
  "POST /api/game/aggregator/rollback",
  "GET /api/game/collections",
  "GET /api/game/providers",
  "GET /api/game/providers/:id",
  "GET /api/game/games",
  "GET /api/game/games/:id",
  "GET /api/game/images/games/:identity/:file",
  "GET /api/game/images/providers/:identity/:file",
  "GET /api/game/bonuses/package",
  // The sportsbook's reference data and prices: the spec's sport calls and the widget's lists (ADR 035).
  "GET /api/game/sport/info/:id",
  "GET /api/game/sport/events/:id",
  "GET /api/game/sport/search",
  "GET /api/sportsbook/sports",
  "GET /api/sportsbook/events",
  "GET /api/sportsbook/events/:id",
  "GET /api/sportsbook/top-events",
  "GET /api/sportsbook/live",
]);

/**
 * What a self-excluded or cooling-off player may still do in restricted mode (ADR 016): withdraw,
 * read, keep the account secure, reach support, tighten limits. Opening another route to them is a
 * decision made here on purpose.
 */
const RESTRICTED_MODE_ROUTES = new Set([
  "GET /api/player/sessions",
  "PUT /api/player/sessions/:id/close",
  "POST /api/player/sessions/close-other",
  "PUT /api/player/passwords",
  "POST /api/player/profile/email/verify/send",
  "POST /api/player/profile/confirmations/email/resend",
  "GET /api/player/profile",
  "GET /api/player/init",
  "GET /api/player/social-connections",
  "GET /api/realtime/token",
  "GET /api/notification/messenger/messages",
  "POST /api/notification/messenger/messages/read",
  "POST /api/notification/messenger/messages/read/all",
  "DELETE /api/notification/messenger/messages",
  "GET /api/notification/pushes",
  "POST /api/notification/pushes/read",
  "POST /api/notification/pushes/read/all",
  "POST /api/notification/communications",
  "DELETE /api/notification/web-push/subscriptions",
  "GET /api/wallet/accounts",
  "PUT /api/wallet/accounts/:id/switch",
  "GET /api/payment/methods/withdrawal",
  "POST /api/payment/invoices/withdrawal",
  "GET /api/payment/invoices",
  "GET /api/payment/invoices/statistics",
  "PUT /api/payment/invoices/:id/decline",
  "GET /api/player/limits",
  "POST /api/player/limits",
  "GET /api/game/fairness/seeds",
  "GET /api/game/originals/:identity/recall",
  "GET /api/game/spins",
  "GET /api/game/bets",
  "GET /api/game/crash/bets",
  // What free spins the player holds (reading only; activating or cancelling is refused).
  "GET /api/game/player-freespins",
  // A player sees the bonuses and cashback they hold; activating or cancelling one stays closed.
  "GET /api/game/player-bonuses",
  "GET /api/game/player-bonuses/sum",
  "GET /api/game/bonuses/cashback",
  // The lobby is public: a restricted player sees what a guest sees (and cannot play).
  "GET /api/game/collections",
  "GET /api/game/providers",
  "GET /api/game/providers/:id",
  "GET /api/game/games",
  "GET /api/game/games/:id",
  // Bonus reads answer a restricted player with no offer rather than an error.
  "GET /api/game/bonuses",
  "GET /api/game/bonuses/status",
  "GET /api/game/bonuses/bonuscodes",
  "GET /api/game/bonuses/package",
]);

/** Values tried for path parameters until the route's params schema accepts one. */
const PARAM_CANDIDATES = ["00000000-0000-4000-8000-000000000001", "1", "page", "telegram", "google", "sandbox", "deposit", "playfair-dice", "GB"];

/** Values tried for a field until its schema rejects one as the wrong type. */
const WRONG_TYPE_CANDIDATES: readonly unknown[] = [12345, "zz-not-valid", true, [], { nested: true }];

let server: TestServer;
let playerToken: string;
let restrictedToken: string;
/** What the sportsbook's start-game call answers the player: the bet routes' bearer (ADR 035). */
let sportsbookToken: string;
let routes: RouteEntry[];

beforeAll(async () => {
  server = await startAccountsServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY } });
  const player = await createPlayer(server, { country: "DE" });
  const session = await signIn(server, player.id);
  playerToken = session.accessToken;
  sportsbookToken = await createSportsbookTokens({ secrets: server.app.services.secrets, now: () => new Date() }).issue({ playerId: player.id, sessionId: session.sessionId, currency: "USD" });
  const excluded = await createPlayer(server, { country: "DE" });
  await server.database.db.update(players).set({ selfExcludedUntil: new Date(Date.now() + 180 * 24 * 3600 * 1000) }).where(eq(players.id, excluded.id));
  restrictedToken = (await signIn(server, excluded.id)).accessToken;
  routes = apiRoutes(server);
});

afterAll(async () => {
  await server.close();
});

const isOperatorRoute = (route: RouteEntry) => route.url.startsWith("/api/operator/") || route.url === "/api/operator";
const sendsBody = (route: RouteEntry) => route.method !== "GET";

function zodSchema(value: unknown): z.ZodType | undefined {
  return value instanceof z.ZodType ? value : undefined;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** The route's path with every parameter replaced by a value its params schema accepts. */
function concretePath(route: RouteEntry): string {
  const shape = shapeOf(zodSchema(route.schema?.params)) ?? {};
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const field = shape[name];
    const value = field ? PARAM_CANDIDATES.find((candidate) => field.safeParse(candidate).success) : PARAM_CANDIDATES[0];
    if (value === undefined) throw new Error(`${routeName(route)}: no candidate value fits the parameter ${name}; add one to PARAM_CANDIDATES`);
    return value;
  });
}

function call(route: RouteEntry, options: { token?: string; body?: string; query?: string; language?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "accept-language": options.language ?? "en" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return server.request(`${concretePath(route)}${options.query ?? ""}`, { method: route.method, headers, ...(options.body !== undefined ? { body: options.body } : {}) });
}

function credentialsFor(route: RouteEntry): string | undefined {
  if (isOperatorRoute(route)) return OPERATOR_KEY;
  if (route.auth === "sportsbook") return sportsbookToken;
  return route.auth ? playerToken : undefined;
}

/** Routes that refuse a guest: the site session's, and the sportsbook token's. */
const isSignedIn = (route: RouteEntry) => route.auth === "player" || route.auth === "sportsbook";

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

describe("who may call what", () => {
  it("classifies every API route: signed-in (config.auth), operator key, or on the public list", () => {
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = routes.filter((route) => !route.auth && !isOperatorRoute(route) && !PUBLIC_ROUTES.has(routeName(route))).map(routeName);
    expect(unclassified, "a new route needs config: { auth } or an entry in PUBLIC_ROUTES").toEqual([]);
    const stale = [...PUBLIC_ROUTES].filter((name) => !routes.some((route) => routeName(route) === name));
    expect(stale, "PUBLIC_ROUTES names routes that no longer exist").toEqual([]);
  });

  it("answers a guest 401 with the error body on every signed-in route, before looking at the body", async () => {
    const signedIn = routes.filter(isSignedIn);
    expect(signedIn.length).toBeGreaterThan(30);
    expect(signedIn.some((route) => route.auth === "sportsbook")).toBe(true);
    for (const route of signedIn) {
      const attempts = sendsBody(route) ? ["{}", '{"amount": ', "[1, 2]"] : [undefined];
      for (const body of attempts) {
        for (const token of [undefined, "forged-token"]) {
          const response = await call(route, { ...(body !== undefined ? { body } : {}), ...(token ? { token } : {}) });
          const where = `${routeName(route)} body=${body ?? "-"} token=${token ?? "-"}`;
          expect(response.status, where).toBe(401);
          expect(response.headers.get("www-authenticate"), where).toBe("Bearer");
          const error = ApiErrorSchema.parse(await readJson(response));
          expect(error, where).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
          expect(error.errors, where).toBeUndefined();
        }
      }
    }
  });

  it("opens only the restricted-mode list to a self-excluded player and refuses every other signed-in route with 403 RESTRICTED_MODE, before the body", async () => {
    const allowed = routes.filter((route) => route.restrictedMode === "allowed").map(routeName);
    expect(new Set(allowed), "restrictedMode: \"allowed\" and RESTRICTED_MODE_ROUTES must name the same routes").toEqual(RESTRICTED_MODE_ROUTES);
    // A restricted player gets no sportsbook token (the start-game call is closed to them) and any
    // stake is refused in its transaction; the session token they hold opens no bet route at all.
    const closed = routes.filter((route) => route.auth && route.auth !== "sportsbook" && route.restrictedMode !== "allowed");
    expect(closed.length).toBeGreaterThan(10);
    for (const route of closed) {
      const response = await call(route, { token: restrictedToken, ...(sendsBody(route) ? { body: '{"amount": ' } : {}) });
      const where = routeName(route);
      expect(response.status, where).toBe(403);
      expect(ApiErrorSchema.parse(await readJson(response)), where).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    }
  });

  it("answers 401 before validation on every operator route without a valid operator key", async () => {
    const operator = routes.filter(isOperatorRoute);
    expect(operator.length).toBeGreaterThan(3);
    for (const route of operator) {
      for (const token of [undefined, playerToken, "forged-operator-key"]) {
        const response = await call(route, { ...(sendsBody(route) ? { body: "{}" } : {}), ...(token ? { token } : {}) });
        const where = `${routeName(route)} token=${token === playerToken ? "player session" : (token ?? "-")}`;
        expect(response.status, where).toBe(401);
        expect(ApiErrorSchema.parse(await readJson(response)).code, where).toBe("UNAUTHORIZED");
      }
    }
  });

  it("refuses a forged token on routes open to guests and players before validating", async () => {
    const optional = routes.filter((route) => route.auth === "optional");
    expect(optional.length).toBeGreaterThan(0);
    for (const route of optional) {
      const response = await call(route, { ...(sendsBody(route) ? { body: "{}" } : {}), token: "forged-token" });
      expect(response.status, routeName(route)).toBe(401);
    }
  });

  it("documents the bearer token on every signed-in operation of the OpenAPI document", async () => {
    const document = (await readJson(await server.request("/api/docs/json"))) as { paths: Record<string, Record<string, { security?: unknown }>> };
    for (const route of routes.filter(isSignedIn)) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      // A plugin's "/" route is documented with its trailing slash.
      const operation = (document.paths[path] ?? document.paths[`${path}/`])?.[route.method.toLowerCase()];
      expect(operation?.security, routeName(route)).toEqual([{ bearerAuth: [] }]);
    }
  });
});

describe("field messages", () => {
  it("names every required field of every request body with the spec's required message, in English and German", async () => {
    let checked = 0;
    for (const route of routes) {
      const required = requiredFields(zodSchema(route.schema?.body));
      if (required.length === 0) continue;
      for (const [language, catalogue] of [
        ["en", VALIDATION_MESSAGES_BY_LOCALE.en],
        ["de-DE,de;q=0.9,en;q=0.5", VALIDATION_MESSAGES_BY_LOCALE.de],
      ] as const) {
        const token = credentialsFor(route);
        const response = await call(route, { body: "{}", language, ...(token ? { token } : {}) });
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
    for (const route of routes) {
      if (route.schema?.body) continue;
      const required = requiredFields(zodSchema(route.schema?.querystring));
      if (required.length === 0) continue;
      const token = credentialsFor(route);
      const response = await call(route, token ? { token } : {});
      expect(response.status, routeName(route)).toBe(422);
      const error = ApiErrorSchema.parse(await readJson(response));
      for (const field of required) expect(error.errors?.[field], `${routeName(route)}: ${field}`).toEqual([VALIDATION_MESSAGES_EN.required]);
      checked.push(routeName(route));
    }
    expect(checked).toContain("GET /api/payment/methods/deposit");
  });

  it("answers a wrongly typed field with the catalogue's message for it on every route with a body or query schema", async () => {
    let checked = 0;
    for (const route of routes) {
      const bodySchema = zodSchema(route.schema?.body);
      const querySchema = route.schema?.body ? undefined : zodSchema(route.schema?.querystring);
      const wrong = bodySchema ? wrongTypeCase(bodySchema, false) : wrongTypeCase(querySchema, true);
      if (!wrong) continue;
      const token = credentialsFor(route);
      for (const [language, catalogue] of [
        ["en", VALIDATION_MESSAGES_BY_LOCALE.en],
        ["ru", VALIDATION_MESSAGES_BY_LOCALE.ru],
      ] as const) {
        const response = bodySchema
          ? await call(route, { body: JSON.stringify({ [wrong.field]: wrong.value }), language, ...(token ? { token } : {}) })
          : await call(route, { query: `?${new URLSearchParams({ [wrong.field]: String(wrong.value) }).toString()}`, language, ...(token ? { token } : {}) });
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
    const response = await server.request("/api/player/register", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(422);
    expect(ApiErrorSchema.parse(await readJson(response)).errors).toEqual({ country: ["Value is required"], agreements: ["Value is required"] });

    const wrong = JSON.stringify({ email: "new-player@example.com", password: "long enough password", currency: "USD", country: 49, agreements: 5 });
    const typed = await server.request("/api/player/register", { method: "POST", headers: { "content-type": "application/json", "accept-language": "pt-BR" }, body: wrong });
    expect(ApiErrorSchema.parse(await readJson(typed)).errors).toEqual({
      country: [VALIDATION_MESSAGES_BY_LOCALE["pt-br"].string],
      agreements: [VALIDATION_MESSAGES_BY_LOCALE["pt-br"].boolean],
    });
  });

  it("translates the rule messages a handler adds after the schema, and leaves domain messages as written", async () => {
    const response = await server.request("/api/player/register", {
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
    for (const route of routes) {
      const schema = zodSchema(route.schema?.body);
      if (!schema) continue;
      const token = credentialsFor(route);
      for (const path of leafPaths(schema)) {
        const response = await call(route, { body: JSON.stringify(bodyWith(path, NUL_TEXT)), ...(token ? { token } : {}) });
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
    for (const route of routes) {
      const token = credentialsFor(route);
      const withToken = token ? { token } : {};
      for (const field of Object.keys(shapeOf(zodSchema(route.schema?.querystring)) ?? {})) {
        const response = await call(route, { query: `?${field}=pla%00yer`, ...withToken });
        expect(response.status, `${routeName(route)} ?${field}`).toBe(422);
        expect(ApiErrorSchema.parse(await readJson(response)).errors, `${routeName(route)} ?${field}`).toEqual({ [field]: [FORMAT_INVALID] });
        checked += 1;
      }
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        if (!name) continue;
        // The hook runs before the route's own validation, so the other parameters need not fit.
        const path = route.url.replace(/:(\w+)/g, (_match, other: string) => (other === name ? "pla%00yer" : "1"));
        const response = await server.request(path, {
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
