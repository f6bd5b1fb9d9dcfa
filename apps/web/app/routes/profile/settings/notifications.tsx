import { useTranslation } from "react-i18next";
import type { Route } from "./+types/notifications";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSettingsNotifications");

/** Promotional e-mail, text message and bonus preferences; filled in by the accounts issue. */
export default function ProfileSettingsNotifications() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("profileSettingsNotifications.empty.title")} description={t("profileSettingsNotifications.empty.description")} />
    </EmptyPanel>
  );
}
