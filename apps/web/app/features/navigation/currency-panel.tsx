import { Suspense, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CoinsIcon } from "#app/components/icons.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { HeaderPanel } from "#app/components/header-panel.tsx";

const CURRENCY_PANEL_ID = "currency-panel";

// The signed-in panel (the player's accounts) and the wallet's live updates belong to the wallet
// feature and load lazily, so visitors and the first paint never pay for them.
const WalletCurrencyPanel = lazyWithQueryClient(() => import("#app/features/wallet/wallet-currency-panel.tsx"));
const WalletLiveUpdates = lazyWithQueryClient(() => import("#app/features/wallet/wallet-live.tsx"));
// The visitors' list (a query of the accepted currencies) loads on first opening too: the query
// library and the settings contract stay off the first load.
const CurrencyPanelContent = lazyWithQueryClient(() => import("./currency-panel-content.tsx"));

/**
 * The currency button and its panel: for visitors the currencies the site accepts, for players
 * their accounts; either is loaded when first opened.
 */
export function CurrencyPanel({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation("layout");
  const signedIn = isSignedIn(useSession());
  // Live updates start after hydration: the server render and the first client render agree.
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  return (
    <>
      <HeaderPanel id={CURRENCY_PANEL_ID} label={t("header.currencies")} icon={<CoinsIcon />} triggerClassName={triggerClassName}>
        {(open) =>
          signedIn ? (
            <Suspense fallback={null}>
              <WalletCurrencyPanel open={open} />
            </Suspense>
          ) : (
            <Suspense fallback={null}>
              <CurrencyPanelContent open={open} />
            </Suspense>
          )
        }
      </HeaderPanel>
      {signedIn && hydrated ? (
        <Suspense fallback={null}>
          <WalletLiveUpdates />
        </Suspense>
      ) : null}
    </>
  );
}

function subscribeNever(): () => void {
  return () => {};
}
