import { useTranslation } from "react-i18next";
import type { Route } from "./+types/bonuses";
import { GiftIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "bonuses");

/** Current bonus offers; the bonus domain is not built yet, the explanation page exists now. */
export default function BonusesPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<GiftIcon />} title={t("bonuses.title")} subtitle={t("bonuses.subtitle")} />
      <EmptyPanel>
        <EmptyState
          title={t("bonuses.empty.title")}
          description={t("bonuses.empty.description")}
          action={
            <LocalizedLink to="/bonus/welcome-bonus" className={buttonClassName({ variant: "primary" })}>
              {t("bonuses.empty.action")}
            </LocalizedLink>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
