import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

/**
 * The spec's route table (section 2.2). Route ids are the spec's route names; every page exists
 * twice: without a prefix (default locale, en) and under `/:locale/` with the id prefixed by
 * `locale-`. Parent routes that only frame their children carry a `-layout` id.
 *
 * A bare `/:slug` content page cannot be told apart from a `/:locale` home page by the router, so
 * both go to one module (routes/locale-or-slug.tsx) that looks the segment up in the enabled
 * locales; `app/lib/route-name.ts` then reports the name "locale" or "slug".
 *
 * `layouts/locale.tsx` is the prefix's validity check: upper-case prefixes and `/en/` redirect to
 * their canonical address, an unknown prefix is a 404 (unless it is a lone slug, see above).
 */
function pages(prefix: "" | "locale-"): RouteConfigEntry[] {
  const id = (name: string) => `${prefix}${name}`;
  return [
    route("wallet", "routes/wallet/layout.tsx", { id: id("wallet-layout") }, [
      index("routes/wallet/main.tsx", { id: id("wallet") }),
      route("history", "routes/wallet/history.tsx", { id: id("wallet-history") }),
    ]),
    route("bonuses", "routes/bonuses.tsx", { id: id("bonuses") }),
    route("contact", "routes/contact.tsx", { id: id("contact") }),
    route("profile", "routes/profile/layout.tsx", { id: id("profile-layout") }, [
      index("routes/profile/index.tsx", { id: id("profile") }),
      route("info", "routes/profile/info.tsx", { id: id("profile-info") }),
      route("limits", "routes/profile/limits.tsx", { id: id("profile-limits") }),
      route("personal", "routes/profile/personal.tsx", { id: id("profile-personal") }),
      route("sessions", "routes/profile/sessions.tsx", { id: id("profile-sessions") }),
      route("bonuses", "routes/profile/bonuses.tsx", { id: id("profile-bonuses") }),
      route("settings", "routes/profile/settings/layout.tsx", { id: id("profile-settings-layout") }, [
        index("routes/profile/settings/index.tsx", { id: id("profile-settings") }),
        route("account", "routes/profile/settings/account.tsx", { id: id("profile-settings-account") }),
        route("notifications", "routes/profile/settings/notifications.tsx", { id: id("profile-settings-notifications") }),
      ]),
    ]),
    route("support", "routes/support.tsx", { id: id("support") }),
    route("referral", "routes/referral.tsx", { id: id("referral") }),
    route("questions", "routes/questions/layout.tsx", { id: id("questions-layout") }, [
      index("routes/questions/list.tsx", { id: id("questions") }),
      route(":pageIdentity", "routes/questions/question.tsx", { id: id("questions-pageIdentity") }),
    ]),
    route("games", "routes/games/index.tsx", { id: id("games") }),
    route("games/providers", "routes/games/providers.tsx", { id: id("games-providers") }),
    route("games/*", "routes/games/params.tsx", { id: id("games-params") }),
    route("game/:id", "routes/game.tsx", { id: id("games-id") }),
    route("favorites", "routes/favorites.tsx", { id: id("favorites") }),
    route("recently-played", "routes/recently-played.tsx", { id: id("recently-played") }),
    route("fairness", "routes/fairness.tsx", { id: id("fairness") }),
    route("sport", "routes/sport.tsx", { id: id("sport") }),
    route("sport/*", "routes/sport.tsx", { id: id("sport-slug") }),
    route("welcome-package", "routes/welcome-package.tsx", { id: id("welcome-package") }),
    route("bonus/:pageIdentity", "routes/content/bonus-page.tsx", { id: id("bonus-pageIdentity") }),
    route("static/:pageIdentity", "routes/content/static-page.tsx", { id: id("static-pageIdentity") }),
    route("auth/autologin", "routes/auth/autologin.tsx", { id: id("auth-autologin") }),
    route("auth/social/:connection/callback", "routes/auth/social-callback.tsx", { id: id("auth-social-connection-callback") }),
    route("verify/:confirmCode", "routes/auth/verify.tsx", { id: id("verify-confirmCode") }),
    route("password-reset/:resetCode", "routes/auth/password-reset.tsx", { id: id("password-reset-resetCode") }),
  ];
}

export default [
  layout("layouts/default.tsx", { id: "default-layout" }, [
    index("routes/home.tsx", { id: "index" }),
    ...pages(""),
    route(":locale", "layouts/locale.tsx", { id: "locale-layout" }, [
      index("routes/locale-or-slug.tsx", { id: "locale" }),
      ...pages("locale-"),
      route(":slug", "routes/content/page.tsx", { id: "locale-slug" }),
    ]),
    // Addresses nothing above matches: a 404 page on first load, a notice in the layout after
    // client-side navigation (features/routing/not-found-route.tsx).
    route("*", "features/routing/not-found-route.tsx", { id: "not-found" }),
  ]),
  layout("layouts/empty.tsx", { id: "empty-layout" }, [
    route("redirect", "routes/redirect.tsx", { id: "redirect" }),
    // The same prefix check as the default layout's twins.
    route(":locale", "layouts/locale.tsx", { id: "locale-empty-layout" }, [
      route("redirect", "routes/redirect.tsx", { id: "locale-redirect" }),
    ]),
  ]),
] satisfies RouteConfig;
