import { useTranslation } from "react-i18next";
import type { Route } from "./+types/welcome-package";
import { CrownIcon } from "#app/components/icons.tsx";
import { WelcomePackageView } from "#app/features/bonuses/welcome-package-view.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "welcomePackage");

/** The welcome package (spec 2.2): its four deposit steps, their terms and the player's progress. */
export default function WelcomePackagePage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<CrownIcon />} title={t("welcomePackage.title")} subtitle={t("welcomePackage.subtitle")} />
      <div className="mt-6 sm:mt-8">
        <SharedQueryClientProvider>
          <WelcomePackageView />
        </SharedQueryClientProvider>
      </div>
    </PageFrame>
  );
}
