import { useTranslation } from "react-i18next";
import type { Route } from "./+types/recently-played";
import { HistoryIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { GuestPlayedGames, PlayedGames } from "#app/features/games/player-lists.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "recentlyPlayed");

/** The games played most recently: a player's from the server, a guest's from this browser. */
export default function RecentlyPlayedPage() {
  const { t } = useTranslation("pages");
  const session = useSession();
  const empty = (
    <EmptyPanel>
      <EmptyState
        title={t("recentlyPlayed.empty.title")}
        description={isSignedIn(session) ? t("recentlyPlayed.empty.description") : t("recentlyPlayed.guest.description")}
        action={
          <LocalizedLink to="/games" className={buttonClassName({ variant: "primary" })}>
            {t("recentlyPlayed.empty.action")}
          </LocalizedLink>
        }
      />
    </EmptyPanel>
  );
  return (
    <PageFrame>
      <PageIntro icon={<HistoryIcon />} title={t("recentlyPlayed.title")} subtitle={t("recentlyPlayed.subtitle")} />
      <SharedQueryClientProvider>
        {isSignedIn(session) ? <PlayedGames key={session.playerId} empty={empty} /> : <GuestPlayedGames empty={empty} />}
      </SharedQueryClientProvider>
    </PageFrame>
  );
}
