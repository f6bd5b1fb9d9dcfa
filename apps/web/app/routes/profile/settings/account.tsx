import { useTranslation } from "react-i18next";
import type { Route } from "./+types/account";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSettingsAccount");

/** Nickname, password, e-mail, phone and language; filled in by the accounts issue. */
export default function ProfileSettingsAccount() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("profileSettingsAccount.empty.title")} description={t("profileSettingsAccount.empty.description")} />
    </EmptyPanel>
  );
}
