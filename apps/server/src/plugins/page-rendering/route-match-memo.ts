/**
 * React Router matches a page's address against every route branch, in rank order, three times
 * per server render (request routing, the data query and the route manifest for the browser). The
 * site has about 85 branches (each page also exists under a locale prefix) and the home page ranks
 * last, so matching was about a tenth of a render. The route table of a production build never
 * changes, so the answer for an address can be kept.
 *
 * The matcher class is internal to React Router (lib/router/matcher.js); when a release moves or
 * reshapes it, this reports false and pages are matched the ordinary way.
 */

type RouteMatch = { params: Record<string, string | undefined> } & Record<string, unknown>;
type Matcher = {
  match(this: object, location: string | { pathname?: string }, allowPartial?: boolean): RouteMatch[] | null;
  update(this: object, routes: unknown): unknown;
};

/** Distinct addresses remembered per matcher; when full, the oldest is forgotten. */
const MAX_REMEMBERED_ADDRESSES = 1000;
const PATCHED = Symbol.for("playfair.routeMatchMemo");

export async function memoizeRouteMatching(): Promise<boolean> {
  let prototype: Matcher | undefined;
  try {
    const matcherModule = (await import(new URL("./lib/router/matcher.js", import.meta.resolve("react-router")).href)) as { V6RegExMatcher?: { prototype: Matcher } };
    prototype = matcherModule.V6RegExMatcher?.prototype;
  } catch {
    return false;
  }
  if (!prototype || typeof prototype.match !== "function" || typeof prototype.update !== "function") return false;
  if ((prototype as unknown as Record<symbol, boolean>)[PATCHED]) return true;

  const match = prototype.match;
  const update = prototype.update;
  const remembered = new WeakMap<object, Map<string, RouteMatch[] | null>>();
  prototype.update = function (routes) {
    remembered.delete(this);
    return update.call(this, routes);
  };
  prototype.match = function (location, allowPartial = false) {
    const address = typeof location === "string" ? location : (location.pathname ?? "/");
    const key = `${allowPartial ? "p" : "f"}${address}`;
    let answers = remembered.get(this);
    if (!answers) remembered.set(this, (answers = new Map()));
    let matches = answers.get(key);
    if (matches === undefined) {
      matches = match.call(this, location, allowPartial);
      if (answers.size >= MAX_REMEMBERED_ADDRESSES) answers.delete(answers.keys().next().value!);
      answers.set(key, matches);
    }
    return matches && copyOf(matches);
  };
  (prototype as unknown as Record<symbol, boolean>)[PATCHED] = true;
  return true;
}

/** Each caller gets its own objects (the matches of one branch share one params object). */
function copyOf(matches: RouteMatch[]): RouteMatch[] {
  const params = { ...matches[0]?.params };
  return matches.map((routeMatch) => ({ ...routeMatch, params }));
}
