import { lazy, Suspense, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { UserIcon } from "#app/components/icons.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { HeaderPanel } from "#app/components/header-panel.tsx";

export const USER_PANEL_ID = "user-panel";

const WalletHeaderBalance = lazyWithQueryClient(() => import("#app/features/wallet/wallet-header-balance.tsx"));
// Guests (most first visits) download none of the signed-in header: avatar, menu, bell.
const SignedInUserPanel = lazy(() => import("./signed-in-user-panel.tsx"));
// A visitor's panel and its text load on its first opening.
const loadUserPanelContent = () => import("./user-panel-content.tsx");
const UserPanelContent = lazy(loadUserPanelContent);

/**
 * The account button and its panel: an invitation for guests; for players their avatar and
 * displayed name (spec 3), the balance slot beside them, and a menu of account pages with Sign out.
 */
export function UserPanel({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation("layout");
  const session = useSession();
  if (isSignedIn(session)) {
    return (
      // The server renders it for a signed-in player; until its chunk is there on hydration, its
      // server HTML stays in place.
      <Suspense fallback={null}>
        <SignedInUserPanel session={session} triggerClassName={triggerClassName} />
      </Suspense>
    );
  }
  return (
    <HeaderPanel id={USER_PANEL_ID} label={t("header.accountMenu")} icon={<UserIcon />} triggerClassName={triggerClassName} preload={preloadUserPanelContent}>
      {() => (
        <Suspense fallback={null}>
          <UserPanelContent />
        </Suspense>
      )}
    </HeaderPanel>
  );
}

function preloadUserPanelContent(): void {
  loadUserPanelContent().catch(() => {
    // Opening the panel tries again and reports a failure there.
  });
}

/**
 * The selected account's balance beside the avatar (the wallet feature's, loaded for players only).
 * Rendered after hydration: the server has no balances, and the client may already know them.
 */
export function BalanceSlot() {
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <WalletHeaderBalance />
    </Suspense>
  );
}

function subscribeNever(): () => void {
  return () => {};
}
