import { useTranslation } from "react-i18next";
import type { Route } from "./+types/sessions";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSessions");

/** Signed-in devices with the option to close them; filled in by the accounts issue. */
export default function ProfileSessions() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("profileSessions.empty.title")} description={t("profileSessions.empty.description")} />
    </EmptyPanel>
  );
}
