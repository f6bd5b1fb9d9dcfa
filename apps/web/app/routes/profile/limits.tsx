import { useTranslation } from "react-i18next";
import type { Route } from "./+types/limits";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { EmptyPanel } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileLimits");

/** Responsible-gaming limits; managed here once the limits domain exists. */
export default function ProfileLimits() {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel>
      <EmptyState
        title={t("profileLimits.empty.title")}
        description={t("profileLimits.empty.description")}
        action={
          <LocalizedLink to="/static/responsible-gaming" className={buttonClassName({ variant: "secondary" })}>
            {t("profileLimits.empty.action")}
          </LocalizedLink>
        }
      />
    </EmptyPanel>
  );
}
