import { useTranslation } from "react-i18next";
import type { Route } from "./+types/params";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "gamesParams");

/** `/games/*`: games of a collection or provider, from the remainder of the path (not built yet). */
export default function GamesSelectionPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={t("gamesParams.title")} />
      <EmptyPanel>
        <EmptyState
          title={t("gamesParams.empty.title")}
          description={t("gamesParams.empty.description")}
          action={
            <LocalizedLink to="/games" className={buttonClassName({ variant: "secondary" })}>
              {t("gamesParams.empty.action")}
            </LocalizedLink>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
