import { DEFAULT_LOCALE } from "@playfair/contracts/constants";
import type { Route } from "./+types/locale-or-slug";
import { enabledLanguages, isSupportedLanguage, servedLanguage } from "#app/lib/locale.ts";
import { readEnabledLocales } from "#app/lib/locale-loaders.ts";
import { ContentPageView, contentMeta, loadContentPage } from "#app/routes/content/page.tsx";
import { HomeView, homeMeta } from "#app/routes/home.tsx";
import { loadHome } from "#app/routes/shared/home-data.server.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/**
 * One path segment is either a language ("/de": the home page in German, route name "locale") or a
 * content page's slug ("/about-us": route name "slug"); the router cannot tell them apart, so this
 * module looks the segment up in the enabled locales. A slug without a page is the fatal 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const segment = params.locale;
  const enabled = enabledLanguages(await readEnabledLocales(context));
  if (segment !== DEFAULT_LOCALE && isSupportedLanguage(segment) && enabled.includes(segment)) {
    // An incomplete language's prefix shows the home page in the default language.
    const language = servedLanguage(segment);
    return { kind: "locale" as const, language, home: await loadHome({ context, language, request }) };
  }
  const page = await loadContentPage({ context, language: DEFAULT_LOCALE, slug: segment, request });
  return { kind: "slug" as const, language: DEFAULT_LOCALE, page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (loaderData?.kind === "locale") return homeMeta(loaderData.language);
  return contentMeta(loaderData?.page, DEFAULT_LOCALE);
};

export default function LocaleOrSlug({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "locale" ? <HomeView data={loaderData.home} /> : <ContentPageView data={loaderData.page} />;
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
