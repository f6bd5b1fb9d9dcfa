import { useTranslation } from "react-i18next";
import type { Route } from "./+types/game";
import { CardsIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "game");

/** `/game/:id` (route name games-id): one game, for real money or demo, once the catalogue exists. */
export default function GamePage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<CardsIcon />} title={t("game.title")} />
      <EmptyPanel>
        <EmptyState
          title={t("game.empty.title")}
          description={t("game.empty.description")}
          action={
            <LocalizedLink to="/games" className={buttonClassName({ variant: "secondary" })}>
              {t("game.empty.action")}
            </LocalizedLink>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
