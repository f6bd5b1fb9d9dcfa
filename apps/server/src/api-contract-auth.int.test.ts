import { ApiErrorSchema } from "@playfair/contracts/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOperatorRoute, isSignedIn, sendsBody, startApiContract, type ApiContract } from "../test/api-contract.ts";
import { routeName } from "../test/route-table.ts";
import { readJson } from "../test/test-server.ts";

// Who may call what, walked over the whole route table so that a route added later is covered
// without touching this file: every route is signed-in, operator-only or public on purpose, and a
// caller without the right credentials is answered 401 (or 403 in restricted mode) before any
// validation.

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
  // A separate odds producer's signed batches (ADR 035); the signature is checked before the body is read.
  "POST /api/sport/feed/messages",
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

let api: ApiContract;

beforeAll(async () => {
  api = await startApiContract();
});

afterAll(async () => {
  await api?.server.close();
});

describe("who may call what", () => {
  it("classifies every API route: signed-in (config.auth), operator key, or on the public list", () => {
    expect(api.routes.length).toBeGreaterThan(50);
    const unclassified = api.routes.filter((route) => !route.auth && !isOperatorRoute(route) && !PUBLIC_ROUTES.has(routeName(route))).map(routeName);
    expect(unclassified, "a new route needs config: { auth } or an entry in PUBLIC_ROUTES").toEqual([]);
    const stale = [...PUBLIC_ROUTES].filter((name) => !api.routes.some((route) => routeName(route) === name));
    expect(stale, "PUBLIC_ROUTES names api.routes that no longer exist").toEqual([]);
  });

  it("answers a guest 401 with the error body on every signed-in route, before looking at the body", async () => {
    const signedIn = api.routes.filter(isSignedIn);
    expect(signedIn.length).toBeGreaterThan(30);
    expect(signedIn.some((route) => route.auth === "sportsbook")).toBe(true);
    for (const route of signedIn) {
      const attempts = sendsBody(route) ? ["{}", '{"amount": ', "[1, 2]"] : [undefined];
      for (const body of attempts) {
        for (const token of [undefined, "forged-token"]) {
          const response = await api.call(route, { ...(body !== undefined ? { body } : {}), ...(token ? { token } : {}) });
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
    const allowed = api.routes.filter((route) => route.restrictedMode === "allowed").map(routeName);
    expect(new Set(allowed), "restrictedMode: \"allowed\" and RESTRICTED_MODE_ROUTES must name the same api.routes").toEqual(RESTRICTED_MODE_ROUTES);
    // A restricted player gets no sportsbook token (the start-game call is closed to them) and any
    // stake is refused in its transaction; the session token they hold opens no bet route at all.
    const closed = api.routes.filter((route) => route.auth && route.auth !== "sportsbook" && route.restrictedMode !== "allowed");
    expect(closed.length).toBeGreaterThan(10);
    for (const route of closed) {
      const response = await api.call(route, { token: api.restrictedToken, ...(sendsBody(route) ? { body: '{"amount": ' } : {}) });
      const where = routeName(route);
      expect(response.status, where).toBe(403);
      expect(ApiErrorSchema.parse(await readJson(response)), where).toMatchObject({ code: "RESTRICTED_MODE", reason: "selfExcluded" });
    }
  });

  it("answers 401 before validation on every operator route without a valid operator key", async () => {
    const operator = api.routes.filter(isOperatorRoute);
    expect(operator.length).toBeGreaterThan(3);
    for (const route of operator) {
      for (const token of [undefined, api.playerToken, "forged-operator-key"]) {
        const response = await api.call(route, { ...(sendsBody(route) ? { body: "{}" } : {}), ...(token ? { token } : {}) });
        const where = `${routeName(route)} token=${token === api.playerToken ? "player session" : (token ?? "-")}`;
        expect(response.status, where).toBe(401);
        expect(ApiErrorSchema.parse(await readJson(response)).code, where).toBe("UNAUTHORIZED");
      }
    }
  });

  it("refuses a forged token on api.routes open to guests and players before validating", async () => {
    const optional = api.routes.filter((route) => route.auth === "optional");
    expect(optional.length).toBeGreaterThan(0);
    for (const route of optional) {
      const response = await api.call(route, { ...(sendsBody(route) ? { body: "{}" } : {}), token: "forged-token" });
      expect(response.status, routeName(route)).toBe(401);
    }
  });

  it("documents the bearer token on every signed-in operation of the OpenAPI document", async () => {
    const document = (await readJson(await api.server.request("/api/docs/json"))) as { paths: Record<string, Record<string, { security?: unknown }>> };
    for (const route of api.routes.filter(isSignedIn)) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      // A plugin's "/" route is documented with its trailing slash.
      const operation = (document.paths[path] ?? document.paths[`${path}/`])?.[route.method.toLowerCase()];
      expect(operation?.security, routeName(route)).toEqual([{ bearerAuth: [] }]);
    }
  });
});
