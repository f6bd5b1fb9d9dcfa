import { useTranslation } from "react-i18next";
import type { Route } from "./+types/recently-played";
import { HistoryIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { EmptyPanel, GuestPrompt, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "recentlyPlayed");

/** Games the player played most recently (games are not built yet); a guest is asked to sign in. */
export default function RecentlyPlayedPage() {
  const { t } = useTranslation("pages");
  const session = useSession();
  return (
    <PageFrame>
      <PageIntro icon={<HistoryIcon />} title={t("recentlyPlayed.title")} subtitle={t("recentlyPlayed.subtitle")} />
      {isSignedIn(session) ? (
        <EmptyPanel>
          <EmptyState
            title={t("recentlyPlayed.empty.title")}
            description={t("recentlyPlayed.empty.description")}
            action={
              <LocalizedLink to="/games" className={buttonClassName({ variant: "primary" })}>
                {t("recentlyPlayed.empty.action")}
              </LocalizedLink>
            }
          />
        </EmptyPanel>
      ) : (
        <GuestPrompt title={t("recentlyPlayed.guest.title")} description={t("recentlyPlayed.guest.description")} />
      )}
    </PageFrame>
  );
}
