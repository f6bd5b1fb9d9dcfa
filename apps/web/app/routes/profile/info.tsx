import { useTranslation } from "react-i18next";
import type { Route } from "./+types/info";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileInfo");

/** The account overview (nickname, avatar, verification, loyalty level); filled in by the accounts issue. */
export default function ProfileInfo() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState title={t("profileInfo.empty.title")} description={t("profileInfo.empty.description")} />
    </EmptyPanel>
  );
}
