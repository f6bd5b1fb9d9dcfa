import { useTranslation } from "react-i18next";
import type { Route } from "./+types/index";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "games");

/** The casino lobby; games, collections and search are not built yet. */
export default function GamesPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro
        icon={<CardsIcon />}
        title={t("games.title")}
        subtitle={t("games.subtitle")}
        actions={
          <LocalizedLink to="/games/providers" className={buttonClassName({ variant: "secondary", size: "sm" })}>
            {t("games.providersLink")}
          </LocalizedLink>
        }
      />
      <EmptyPanel>
        <EmptyState title={t("games.empty.title")} description={t("games.empty.description")} />
      </EmptyPanel>
    </PageFrame>
  );
}
