import { useTranslation } from "react-i18next";
import type { Route } from "./+types/static-page";
import { HelpOrganisations } from "./help-organisations.tsx";
import { DocumentIcon } from "#app/components/icons.tsx";
import { contentMeta } from "#app/routes/content/page.tsx";
import { ContentArticle } from "#app/routes/shared/content-article.tsx";
import { loadContent } from "#app/routes/shared/load-content.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/** The page that names where to find help (the footer links to it). */
const RESPONSIBLE_GAMING_PAGE = "responsible-gaming";

/** `/static/:pageIdentity`: policies and other fixed pages, from markdown rendered on the server. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContent(context, "static", params.pageIdentity, languageFromParams(params));
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => contentMeta(loaderData, metaLanguage(params));

export default function StaticPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <ContentArticle
      data={loaderData}
      aside={params.pageIdentity === RESPONSIBLE_GAMING_PAGE ? <HelpOrganisations /> : undefined}
      eyebrow={
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-fg [&>svg]:size-4">
          <DocumentIcon />
          {t("content.staticEyebrow")}
        </p>
      }
    />
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
