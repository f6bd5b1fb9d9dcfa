import { useTranslation } from "react-i18next";
import type { Route } from "./+types/fairness";
import { ShieldIcon } from "#app/components/icons.tsx";
import { FairnessSections } from "#app/features/fairness/fairness-page.tsx";
import { PageFrame, PageIntro } from "#app/routes/shared/page-frame.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "fairness");

/** The public provably-fair verifier: a round by id, any seeds by hand, the scheme explained (F4, F5). */
export default function Fairness() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<ShieldIcon />} title={t("fairness.title")} subtitle={t("fairness.subtitle")} />
      <FairnessSections />
    </PageFrame>
  );
}
