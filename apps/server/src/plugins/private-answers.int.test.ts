import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, routeName } from "../../test/route-table.ts";
import { readJson, startTestServer, type TestServer } from "../../test/test-server.ts";
import { bearer, jsonPost, login, refreshCookieHeader, registerPlayer, type RegisteredPlayer } from "../modules/player/player-test-helpers.ts";

// Answers with tokens or personal data are never stored by a browser or a shared cache
// (Cache-Control: no-store); public reference data keeps its own caching. The route table is
// walked, so a route added later is covered without touching this file.

/** Public reference data: the same for everyone, so caches may keep it. A new one is added here on purpose. */
const CACHEABLE_ROUTES = new Set([
  "GET /api/settings/currencies",
  "GET /api/settings/locales",
  "GET /api/settings/countries",
  "GET /api/settings/constants",
  "GET /api/content/pages/:kind/:identity",
  "GET /api/content/questions",
  "GET /api/content/help-organisations",
  "GET /api/player/avatar/list",
  // The catalogue's reads are public for guests too, but the walk calls them signed in (favourites
  // marked, so no-store); the guest answers' caching is the catalogue tests' own.
  "GET /api/game/images/games/:identity/:file",
  "GET /api/game/images/providers/:identity/:file",
  // Sport info and event info: the same for everyone (prices are in the widget's lists, which are no-store).
  "GET /api/game/sport/info/:id",
  "GET /api/game/sport/events/:id",
]);

/** Swagger UI's own files, the same for everyone: whatever caching the package gives them. */
const DOCUMENTATION_FILES = new Set(["GET /api/docs/static/*", "GET /api/docs/static/index.html", "GET /api/docs/static/swagger-initializer.js"]);

const PARAMETER = "00000000-0000-4000-8000-000000000001";

let server: TestServer;
let player: RegisteredPlayer;

beforeAll(async () => {
  server = await startTestServer({ env: { CAPTCHA_PROVIDER: "off", RATE_LIMIT_ENABLED: "false" } });
  player = await registerPlayer(server, { currency: "EUR" });
});

afterAll(async () => {
  await server?.close();
});

describe("Cache-Control of the API's answers", () => {
  it("is no-store on sign-in, registration, refresh, the session list, init, the realtime token and the profile", async () => {
    const answers: [string, Response][] = [
      ["registration", await server.request("/api/player/register", jsonPost({ email: `cache.${Date.now()}@example.com`, password: "correct horse battery", country: "DE", currency: "EUR", agreements: true }))],
      ["sign-in", await login(server, player.email)],
      ["refresh", await server.request("/api/player/sessions/refresh", jsonPost({}, refreshCookieHeader(player.refreshToken)))],
      ["sessions", await server.request("/api/player/sessions", bearer(player.accessToken))],
      ["init", await server.request("/api/player/init", bearer(player.accessToken))],
      ["realtime token", await server.request("/api/realtime/token", bearer(player.accessToken))],
      ["profile", await server.request("/api/player/profile", bearer(player.accessToken))],
      ["wallet accounts", await server.request("/api/wallet/accounts", bearer(player.accessToken))],
      ["payment history", await server.request("/api/payment/invoices", bearer(player.accessToken))],
    ];
    for (const [name, response] of answers) {
      expect(response.status, `${name}: ${JSON.stringify(await readJson(response.clone()).catch(() => null))}`).toBeLessThan(300);
      expect(response.headers.get("cache-control"), name).toBe("no-store");
    }
  });

  it("is no-store on every route but public reference data, whether it answers a player, a guest or an error", async () => {
    const routes = apiRoutes(server).filter((route) => !DOCUMENTATION_FILES.has(routeName(route)));
    expect(routes.length).toBeGreaterThan(40);
    let answeredPlayer = 0;
    for (const route of routes) {
      const name = routeName(route);
      const path = route.url.replace(/:[A-Za-z]+/g, PARAMETER).replace("*", "index.css");
      // Read-only calls carry the player's token; others go as a guest, so the walk changes nothing.
      const init = route.method === "GET" ? bearer(player.accessToken) : { method: route.method, headers: { "content-type": "application/json" }, body: "{}" };
      const response = await server.request(path, init);
      if (route.auth === "player" && response.status === 200) answeredPlayer += 1;
      const cacheControl = response.headers.get("cache-control");
      if (CACHEABLE_ROUTES.has(name) && response.status < 400) expect(cacheControl, name).toMatch(/^public/);
      else expect(cacheControl, `${name} answered ${response.status}`).toBe("no-store");
    }
    // The walk reached real personal answers, not only refusals.
    expect(answeredPlayer).toBeGreaterThan(10);
  });
});
