import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { WalletIcon } from "#app/components/icons.tsx";
import { SharedQueryClientProvider } from "#app/lib/query-client.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { GuestPrompt, PageFrame, PageIntro, SectionTabs } from "#app/routes/shared/page-layout.tsx";
import { ReceiptIcon } from "#app/components/page-icons.tsx";

/** The wallet frame: heading and the main/history tabs; a guest is asked to sign in instead. */
export default function WalletLayout() {
  const { t } = useTranslation("pages");
  const session = useSession();
  return (
    <PageFrame>
      <PageIntro icon={<WalletIcon />} title={t("wallet.title")} subtitle={t("wallet.subtitle")} />
      {isSignedIn(session) ? (
        <>
          <SectionTabs
            className="mt-6"
            label={t("wallet.tabsLabel")}
            tabs={[
              { to: "/wallet", end: true, label: t("wallet.tabs.main"), icon: <WalletIcon /> },
              { to: "/wallet/history", label: t("wallet.tabs.history"), icon: <ReceiptIcon /> },
            ]}
          />
          {/* The wallet pages run queries; the page's shared client loads with this route. */}
          <SharedQueryClientProvider>
            <Outlet />
          </SharedQueryClientProvider>
        </>
      ) : (
        <GuestPrompt title={t("wallet.guest.title")} description={t("wallet.guest.description")} />
      )}
    </PageFrame>
  );
}
