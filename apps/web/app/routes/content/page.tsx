import type { RouterContextProvider } from "react-router";
import type { Route } from "./+types/page";
import { i18nFor, type Language } from "#app/lib/i18n.ts";
import { ContentArticle } from "#app/routes/shared/content-article.tsx";
import { loadContent, type ContentData } from "#app/routes/shared/load-content.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { titledMeta } from "#app/routes/shared/page-meta.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/**
 * The generic content page `/:slug` (spec 2.2), rendered from markdown on the server. The bare
 * `/:slug` reaches it through the `/:locale` dispatcher; `/:locale/:slug` is this route.
 */
export async function loadContentPage({
  context,
  language,
  slug,
}: {
  context: Readonly<RouterContextProvider>;
  language: Language;
  slug: string;
  request: Request;
}): Promise<ContentData> {
  return loadContent(context, "page", slug, language);
}

/** Title and description of a content page, or the error title when there is no page. */
export function contentMeta(data: ContentData | undefined, language: Language) {
  if (!data) return [{ title: i18nFor(language).t("page.title", { ns: "errors" }) }];
  return titledMeta(language, data.page.title, data.page.description);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadContentPage({ context, language: languageFromParams(params), slug: params.slug, request });
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => contentMeta(loaderData, metaLanguage(params));

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPageView data={loaderData} />;
}

export function ContentPageView({ data }: { data: ContentData }) {
  return <ContentArticle data={data} />;
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
