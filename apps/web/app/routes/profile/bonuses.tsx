import { useTranslation } from "react-i18next";
import type { Route } from "./+types/bonuses";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileBonuses");

/** The player's bonuses and free spins; filled in by the bonuses issue. */
export default function ProfileBonuses() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState
        title={t("profileBonuses.empty.title")}
        description={t("profileBonuses.empty.description")}
        action={
          <LocalizedLink to="/bonus/welcome-bonus" className={buttonClassName({ variant: "secondary" })}>
            {t("profileBonuses.empty.action")}
          </LocalizedLink>
        }
      />
    </EmptyPanel>
  );
}
