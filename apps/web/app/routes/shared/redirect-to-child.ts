import { redirect } from "react-router";

/**
 * An index route that only forwards to its default child (`/profile` -> `/profile/info`), keeping
 * the locale prefix and the query string (a modal parameter, for instance).
 */
export function redirectToChild(request: Request, params: { locale?: string }, childPath: string): Response {
  const { search } = new URL(request.url);
  const prefix = params.locale ? `/${params.locale.toLowerCase()}` : "";
  return redirect(`${prefix}${childPath}${search}`);
}
