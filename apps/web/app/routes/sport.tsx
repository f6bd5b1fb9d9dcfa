import { useTranslation } from "react-i18next";
import type { Route } from "./+types/sport";
import { BallIcon } from "#app/components/icons.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "sport");

/** `/sport` and `/sport/*`: the third-party sportsbook widget is mounted here by the sport issue. */
export default function SportPage() {
  const { t } = useTranslation("pages");
  return (
    <PageFrame>
      <PageIntro icon={<BallIcon />} title={t("sport.title")} subtitle={t("sport.subtitle")} />
      <EmptyPanel>
        <EmptyState title={t("sport.empty.title")} description={t("sport.empty.description")} />
      </EmptyPanel>
    </PageFrame>
  );
}
