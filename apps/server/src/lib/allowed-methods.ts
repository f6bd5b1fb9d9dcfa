import Router from "find-my-way";

type Method = Router.HTTPMethod;

/** The methods a 405's Allow header may name; the API answers no others. */
const ANSWERED_METHODS: readonly Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Which methods the API answers on a path, for the 405 of a path that exists with another method.
 * Fastify's router finds one route per method and has no "any method" question, so the routes are
 * recorded a second time here, in a router of their own (find-my-way, Fastify's), as they are added.
 */
export function createAllowedMethods() {
  const router = Router();
  const recorded = new Set<string>();
  const noop = () => undefined;
  return {
    record(methods: string | readonly string[], url: string): void {
      for (const method of typeof methods === "string" ? [methods] : methods) {
        const upper = method.toUpperCase() as Method;
        if (!ANSWERED_METHODS.includes(upper) || recorded.has(`${upper} ${url}`)) continue;
        recorded.add(`${upper} ${url}`);
        router.on(upper, url, noop);
      }
    },
    /** The methods with a route for this path (a query string is ignored), in a stable order. */
    allowedFor(path: string): Method[] {
      return ANSWERED_METHODS.filter((method) => router.find(method, path) !== null);
    },
  };
}
