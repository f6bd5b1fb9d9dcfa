import { isRouteErrorResponse } from "react-router";

/**
 * The HTTP status an error page stands for: a route's own response (a validity check's 404, a
 * redirect target's 403, …) keeps its status; anything else thrown is an unhandled error, 500.
 */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

export type ErrorPageKind = "not-found" | "client-error" | "server-error";

/** Which texts an error page shows: the not-found message, or the generic ones. */
export function errorPageKind(status: number): ErrorPageKind {
  if (status === 404) return "not-found";
  if (status >= 400 && status < 500) return "client-error";
  return "server-error";
}

/** "/caf%C3%A9" is shown as "/café"; an address that is not valid percent-encoding as it came. */
export function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
