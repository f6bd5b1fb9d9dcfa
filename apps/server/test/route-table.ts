import type { RouteEntry } from "../src/plugins/authentication.ts";
import type { TestServer } from "./test-server.ts";

// Tests that walk the whole API (who may call what, caching of answers) take their routes here, so a
// route added later is covered without touching them, and every walk covers the same routes.

/** One entry per method and path of the API; HEAD twins and the JSON 404 catch-all are not endpoints. */
export function apiRoutes(server: TestServer): RouteEntry[] {
  return server.app.routeTable.filter((route) => route.url.startsWith("/api/") && route.method !== "HEAD" && !route.url.startsWith("/api/*"));
}

/** "METHOD /path", as the tests' route lists name a route. */
export function routeName(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}
