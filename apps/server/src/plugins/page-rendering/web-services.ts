import type { GlobalConstants } from "@playfair/contracts/settings";
import type { SiteSettings, WebServices } from "@playfair/contracts/web-services";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { AppServices } from "../../services.ts";
import type { ServiceCaller } from "./protocol.ts";

/** The callable part of the web services: what a render worker may ask the main thread for. */
export type DomainWebServices = Omit<WebServices, "site">;

/** The domain services server-rendered pages may use, called in the main thread. */
export function localDomainServices(services: Pick<AppServices, "settings" | "content" | "sessions" | "players">): DomainWebServices {
  const { settings, content, sessions, players } = services;
  return {
    settings: {
      listCurrencies: (filter) => settings.listCurrencies(filter),
      listLocales: () => settings.listLocales(),
      listCountries: () => settings.listCountries(),
      getConstants: () => settings.getConstants(),
    },
    content: {
      getPage: (kind, identity, language) => content.getPage(kind, identity, language),
      listQuestions: (language, page, perPage) => content.listQuestions(language, page, perPage),
    },
    accounts: {
      async sessionFromAccessToken(token) {
        const principal = await sessions.verifyAccessToken(token);
        if (!principal) return null;
        const profile = await players.getProfile(principal.playerId);
        return profile ? { ...principal, profile } : null;
      },
    },
  };
}

export function localWebServices(services: Pick<AppServices, "settings" | "content" | "sessions" | "players">, site: SiteSettings): WebServices {
  return { ...localDomainServices(services), site };
}

type AsyncMethodNames<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];
type AsyncMethod<S extends keyof DomainWebServices, M extends keyof DomainWebServices[S]> = DomainWebServices[S][M] extends (
  ...args: infer A
) => Promise<infer R>
  ? { args: A; result: R }
  : never;

/**
 * How long a render worker reuses the reference data (currencies, locales, countries) it fetched.
 * The main thread keeps them for a minute anyway (settings.service.ts); one more second saves two
 * round trips to the main thread on nearly every page, and an operator's edit still shows within
 * a second of the main thread seeing it.
 */
export const WORKER_REFERENCE_DATA_MS = 1000;

/**
 * The same services seen from a render worker: each call travels to the main thread, where
 * pool.ts looks up `services[service][method]` of localDomainServices. The names are checked
 * against DomainWebServices at compile time. The constants are fixed reference data, handed over
 * when the worker starts (the call is synchronous). Reference data is reused for
 * `referenceDataMs`, and concurrent renders share one call; answers are shared, as the main
 * thread's own snapshot is, so loaders treat them as read-only.
 */
export function remoteWebServices(
  callService: ServiceCaller,
  site: SiteSettings,
  constants: GlobalConstants,
  options: { referenceDataMs?: number; now?: () => number } = {},
): WebServices {
  const referenceDataMs = options.referenceDataMs ?? WORKER_REFERENCE_DATA_MS;
  const now = options.now ?? Date.now;
  function call<S extends keyof DomainWebServices, M extends AsyncMethodNames<DomainWebServices[S]> & string>(
    service: S,
    method: M,
    ...args: AsyncMethod<S, M>["args"]
  ): Promise<AsyncMethod<S, M>["result"]> {
    return callService(service, method, args) as Promise<AsyncMethod<S, M>["result"]>;
  }
  const kept = new Map<string, { answer: Promise<unknown>; until: number }>();
  function reuse<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const entry = kept.get(key);
    if (entry && now() < entry.until) return entry.answer as Promise<T>;
    const answer = fetch();
    kept.set(key, { answer, until: now() + referenceDataMs });
    // A failed call is not kept: the next render asks again.
    answer.catch(() => {
      if (kept.get(key)?.answer === answer) kept.delete(key);
    });
    return answer;
  }
  return {
    settings: {
      listCurrencies: (filter) =>
        reuse(`currencies:${String(filter?.visible)}`, () => call("settings", "listCurrencies", ...(filter === undefined ? [] : [filter]))),
      listLocales: () => reuse("locales", () => call("settings", "listLocales")),
      listCountries: () => reuse("countries", () => call("settings", "listCountries")),
      getConstants: () => constants,
    },
    content: {
      getPage: (kind, identity, language) => call("content", "getPage", kind, identity, language),
      listQuestions: (language, page, perPage) => call("content", "listQuestions", language, page, perPage),
    },
    accounts: {
      sessionFromAccessToken: (token) => call("accounts", "sessionFromAccessToken", token),
    },
    site,
  };
}

/**
 * Loaders reach the services through the router context; the context key is exported by the web
 * app's server entry so both sides hold the very same key object.
 */
export function routerContextWith(build: ServerBuild, services: WebServices): RouterContextProvider {
  const context = new RouterContextProvider();
  const key = (build.entry.module as { webServicesContext?: RouterContext<WebServices> }).webServicesContext;
  if (key) context.set(key, services);
  return context;
}
