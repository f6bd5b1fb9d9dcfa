import { useTranslation } from "react-i18next";
import type { Route } from "./+types/personal";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profilePersonal");

/** Personal details and verification documents; filled in by the accounts issue. */
export default function ProfilePersonal() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("profilePersonal.empty.title")} description={t("profilePersonal.empty.description")} />
    </EmptyPanel>
  );
}
