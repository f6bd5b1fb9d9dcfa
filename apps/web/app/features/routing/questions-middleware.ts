import type { DataStrategyResult, MiddlewareFunction } from "react-router";

/**
 * Moving between the question list and a question page (either way, with or without a locale
 * prefix) passes through this middleware (spec 2.2). It deliberately does nothing but let the
 * navigation continue: it marks the spot where the product hooks that transition.
 */
export const questionsMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = (_args, next) => next();
