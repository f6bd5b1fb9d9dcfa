import { useTranslation } from "react-i18next";
import type { Route } from "./+types/bonus-page";
import { GiftIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { contentMeta } from "#app/routes/content/page.tsx";
import { ContentArticle } from "#app/routes/shared/content-article.tsx";
import { loadContent } from "#app/routes/shared/load-content.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";

/** `/bonus/:pageIdentity`: a bonus explained in markdown rendered on the server. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContent(context, "bonus", params.pageIdentity, languageFromParams(params));
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => contentMeta(loaderData, metaLanguage(params));

export default function BonusPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <ContentArticle
      data={loaderData}
      eyebrow={
        <LocalizedLink
          to="/bonuses"
          className="inline-flex items-center gap-2 rounded-full text-sm font-semibold text-brand-fg hover:underline [&>svg]:size-4"
        >
          <GiftIcon />
          {t("content.bonusEyebrow")}
        </LocalizedLink>
      }
    />
  );
}

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
