import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { questionsMiddleware } from "#app/features/routing/questions-middleware.ts";

/** A client middleware a route module lists in its `clientMiddleware` export. */
export type RouteMiddleware = MiddlewareFunction<Record<string, DataStrategyResult>>;

/** Named route middlewares; route modules refer to them by name (spec 2.2, 8). */
const ROUTE_MIDDLEWARES = {
  questions: questionsMiddleware,
} satisfies Record<string, RouteMiddleware>;

export type RouteMiddlewareName = keyof typeof ROUTE_MIDDLEWARES;

function isRouteMiddlewareName(name: string): name is RouteMiddlewareName {
  return Object.hasOwn(ROUTE_MIDDLEWARES, name);
}

/**
 * The middleware registered under a name, e.g. `export const clientMiddleware = [routeMiddleware("questions")]`.
 * A name nobody registered is a programming error and fails loudly (spec 8: 'Unknown route middleware').
 */
export function routeMiddleware(name: string): RouteMiddleware {
  if (!isRouteMiddlewareName(name)) throw new Error("Unknown route middleware");
  return ROUTE_MIDDLEWARES[name];
}
