import { useTranslation } from "react-i18next";
import type { Route } from "./+types/welcome-package";
import { CrownIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "welcomePackage");

/** The new-player package; its offers arrive with the bonus domain. */
export default function WelcomePackagePage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<CrownIcon />} title={t("welcomePackage.title")} subtitle={t("welcomePackage.subtitle")} />
      <EmptyPanel>
        <EmptyState
          title={t("welcomePackage.empty.title")}
          description={t("welcomePackage.empty.description")}
          action={
            <LocalizedLink to="/bonus/welcome-bonus" className={buttonClassName({ variant: "primary" })}>
              {t("welcomePackage.empty.action")}
            </LocalizedLink>
          }
        />
      </EmptyPanel>
    </PageFrame>
  );
}
