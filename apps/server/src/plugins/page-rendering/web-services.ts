import type { GlobalConstants } from "@playfair/contracts/settings";
import type { SiteSettings, WebServices } from "@playfair/contracts/web-services";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { AppServices } from "../../services.ts";
import type { ServiceCaller } from "./protocol.ts";

/** The callable part of the web services: what a render worker may ask the main thread for. */
export type DomainWebServices = Omit<WebServices, "site">;

/** The domain services server-rendered pages may use, called in the main thread. */
export function localDomainServices(services: Pick<AppServices, "settings" | "content" | "sessions" | "players" | "catalogue" | "sport">): DomainWebServices {
  const { settings, content, sessions, players, catalogue, sport } = services;
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
    game: {
      listCollections: (viewer) => catalogue.listCollections(viewer),
      listGames: (query, viewer) => catalogue.listGames(query, viewer),
      getGame: (identity, viewer) => catalogue.getGame(identity, viewer),
      listProviders: (viewer) => catalogue.listProviders(viewer),
      getProvider: (identity, viewer) => catalogue.getProvider(identity, viewer),
    },
    sport: {
      topEvents: (limit) => sport.lists.topEvents(limit),
      liveEvents: (limit) => sport.lists.liveEvents(limit),
    },
  };
}

export function localWebServices(services: Pick<AppServices, "settings" | "content" | "sessions" | "players" | "catalogue" | "sport">, site: SiteSettings): WebServices {
  return { ...localDomainServices(services), site };
}

/**
 * The same services seen from a render worker: any `services[service][method](...args)` travels
 * to the main thread by name, where pool.ts answers it from localDomainServices (and refuses any
 * name that object does not list). A service or method is therefore added in two places only: its
 * type in the contract (packages/contracts/src/web-services.ts) and its implementation in
 * localDomainServices. Answers are structured clones, so loaders get their own copies. Two parts
 * need no call: the site settings, and the constants (a synchronous method in the contract),
 * both handed over when the worker starts.
 */
export function remoteWebServices(callService: ServiceCaller, site: SiteSettings, constants: GlobalConstants): WebServices {
  const inWorker: Record<string, Record<string, unknown>> = { settings: { getConstants: () => constants } };
  const services = new Map<string, object>();
  function service(name: string): object {
    let forwarding = services.get(name);
    if (!forwarding) {
      const methods = new Map<string, (...args: unknown[]) => unknown>();
      forwarding = new Proxy(
        {},
        {
          get(_target, method) {
            if (typeof method !== "string") return undefined;
            const local = inWorker[name]?.[method];
            if (local !== undefined) return local;
            let forward = methods.get(method);
            if (!forward) methods.set(method, (forward = (...args: unknown[]) => callService(name, method, args)));
            return forward;
          },
        },
      );
      services.set(name, forwarding);
    }
    return forwarding;
  }
  return new Proxy({} as WebServices, {
    get(_target, name) {
      if (name === "site") return site;
      return typeof name === "string" ? service(name) : undefined;
    },
  });
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
