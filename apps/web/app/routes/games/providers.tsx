import { useTranslation } from "react-i18next";
import type { Route } from "./+types/providers";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "gamesProviders");

/** Game studios; listed once the games catalogue exists. */
export default function GameProvidersPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={t("gamesProviders.title")} subtitle={t("gamesProviders.subtitle")} />
      <EmptyPanel>
        <EmptyState
          title={t("gamesProviders.empty.title")}
          description={t("gamesProviders.empty.description")}
          action={
            <LocalizedLink to="/games" className={buttonClassName({ variant: "secondary" })}>
              {t("gamesProviders.empty.action")}
            </LocalizedLink>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
