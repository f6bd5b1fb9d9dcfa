import { useTranslation } from "react-i18next";
import type { Route } from "./+types/favorites";
import { HeartIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { FavoriteGames } from "#app/features/games/player-lists.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { EmptyPanel, GuestPrompt, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "favorites");

/** The player's favourite games; a guest is asked to sign in. */
export default function FavoritesPage() {
  const { t } = useTranslation("pages");
  const session = useSession();
  return (
    <PageFrame>
      <PageIntro icon={<HeartIcon />} title={t("favorites.title")} subtitle={t("favorites.subtitle")} />
      {isSignedIn(session) ? (
        <SharedQueryClientProvider>
          <FavoriteGames
            // A new player (another sign-in in this tab) has another list.
            key={session.playerId}
            empty={
              <EmptyPanel>
                <EmptyState
                  title={t("favorites.empty.title")}
                  description={t("favorites.empty.description")}
                  action={
                    <LocalizedLink to="/games" className={buttonClassName({ variant: "primary" })}>
                      {t("favorites.empty.action")}
                    </LocalizedLink>
                  }
                />
              </EmptyPanel>
            }
          />
        </SharedQueryClientProvider>
      ) : (
        <GuestPrompt title={t("favorites.guest.title")} description={t("favorites.guest.description")} />
      )}
    </PageFrame>
  );
}
