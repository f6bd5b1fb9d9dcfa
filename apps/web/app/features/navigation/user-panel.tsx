import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronEndIcon, CrownIcon, GiftIcon, HeadsetIcon, QuestionIcon, UserIcon } from "#app/components/icons.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { GuestActions } from "./guest-actions.tsx";
import { HeaderPanel } from "#app/components/header-panel.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export const USER_PANEL_ID = "user-panel";

const WalletHeaderBalance = lazyWithQueryClient(() => import("#app/features/wallet/wallet-header-balance.tsx"));
// Guests (most first visits) download none of the signed-in header: avatar, menu, bell.
const SignedInUserPanel = lazy(() => import("./signed-in-user-panel.tsx"));

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
    <HeaderPanel id={USER_PANEL_ID} label={t("userPanel.open")} icon={<UserIcon />} triggerClassName={triggerClassName}>
      {() => <UserPanelContent />}
    </HeaderPanel>
  );
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

function UserPanelContent() {
  const { t } = useTranslation("layout");
  return (
    <div>
      <div className="relative isolate overflow-hidden rounded-t-2xl border-b border-border px-5 pt-5 pb-5">
        <PanelGlow />
        <div className="flex items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-fg ring-1 ring-brand/20">
            <UserIcon className="size-6" />
          </span>
          <div>
            <p className="font-display text-lg leading-snug font-bold">{t("userPanel.title")}</p>
            <p className="mt-1 text-sm text-fg-muted">{t("userPanel.guestText")}</p>
          </div>
        </div>
        <GuestActions className="mt-4" />
      </div>
      <div className="p-2">
        <PanelHeading>{t("userPanel.exploreTitle")}</PanelHeading>
        <ul className="flex flex-col">
          <PanelLink to="/welcome-package" icon={<CrownIcon />}>
            {t("nav.welcomePackage")}
          </PanelLink>
          <PanelLink to="/bonuses" icon={<GiftIcon />}>
            {t("nav.bonuses")}
          </PanelLink>
          <PanelLink to="/questions" icon={<QuestionIcon />}>
            {t("nav.questions")}
          </PanelLink>
          <PanelLink to="/support" icon={<HeadsetIcon />}>
            {t("nav.support")}
          </PanelLink>
        </ul>
      </div>
    </div>
  );
}

/** A soft jade and gold light behind a panel's top block. */
export function PanelGlow() {
  return (
    <span
      aria-hidden="true"
      className="absolute inset-0 -z-10 bg-[radial-gradient(70%_90%_at_100%_0%,rgb(46_196_147/0.16),transparent_70%),radial-gradient(50%_70%_at_0%_100%,rgb(251_189_52/0.1),transparent_70%)]"
    />
  );
}

export function PanelHeading({ children }: { children: ReactNode }) {
  return <p className="px-3 pt-2 pb-1.5 text-[0.6875rem] font-semibold tracking-[0.08em] text-fg-subtle uppercase">{children}</p>;
}

export function PanelLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <LocalizedLink to={to} className="group/link panel-link">
        <span className="text-fg-subtle group-hover/link:text-brand-fg">{icon}</span>
        <span className="flex-1 truncate">{children}</span>
        <ChevronEndIcon className="size-4 text-fg-subtle" />
      </LocalizedLink>
    </li>
  );
}
