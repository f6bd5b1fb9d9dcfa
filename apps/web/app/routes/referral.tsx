import { useTranslation } from "react-i18next";
import type { Route } from "./+types/referral";
import { UsersIcon } from "#app/components/icons.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { EmptyPanel, GuestPrompt, PageFrame, PageIntro } from "#app/routes/shared/page-layout.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "referral");

/** The referral programme (personal link, invited friends); a guest is asked to sign in. */
export default function ReferralPage() {
  const { t } = useTranslation("pages");
  const session = useSession();
  return (
    <PageFrame>
      <PageIntro icon={<UsersIcon />} title={t("referral.title")} subtitle={t("referral.subtitle")} />
      {isSignedIn(session) ? (
        <EmptyPanel>
          <EmptyState title={t("referral.empty.title")} description={t("referral.empty.description")} />
        </EmptyPanel>
      ) : (
        <GuestPrompt title={t("referral.guest.title")} description={t("referral.guest.description")} />
      )}
    </PageFrame>
  );
}
