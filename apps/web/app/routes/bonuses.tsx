import { useTranslation } from "react-i18next";
import type { Route } from "./+types/bonuses";
import { GiftIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { BonusOverview } from "#app/features/bonuses/bonus-overview.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { GuestPrompt, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "bonuses");

/**
 * The player's bonuses and free spins (spec 2.2 `/bonuses`): active, waiting and finished ones,
 * each with its money, wagering progress, deadline and terms. Visitors are asked to sign in and
 * pointed at the welcome package.
 */
export default function BonusesPage() {
  const { t } = useTranslation("pages");
  const { t: tb } = useTranslation("bonuses");
  const signedIn = isSignedIn(useSession());
  return (
    <PageFrame>
      <PageIntro icon={<GiftIcon />} title={t("bonuses.title")} subtitle={t("bonuses.subtitle")} />
      <div className="mt-6 sm:mt-8">
        {signedIn ? (
          // The bonus lists run queries; the page's shared client loads with this route.
          <SharedQueryClientProvider>
            <BonusOverview />
          </SharedQueryClientProvider>
        ) : (
          <>
            <GuestPrompt title={tb("guest.title")} description={tb("guest.description")} />
            <p className="mt-4 text-center">
              <LocalizedLink to="/welcome-package" className={buttonClassName({ variant: "ghost" })}>
                {tb("empty.welcomePackage")}
              </LocalizedLink>
            </p>
          </>
        )}
      </div>
    </PageFrame>
  );
}
