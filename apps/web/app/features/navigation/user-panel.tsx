import { Suspense, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  ChevronEndIcon,
  CrownIcon,
  GiftIcon,
  HeadsetIcon,
  QuestionIcon,
  ShieldIcon,
  SlidersIcon,
  UserIcon,
  WalletIcon,
} from "#app/components/icons.tsx";
import type { Profile } from "@playfair/contracts/player/profile";
import { Badge } from "#app/components/ui/badge.tsx";
import { PlayerAvatar } from "#app/features/session/player-avatar.tsx";
import { displayName } from "#app/features/session/session-keys.ts";
import { SignOutButton } from "#app/features/session/sign-out-button.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import { isSignedIn, useSession, type SignedInSession } from "#app/lib/session.tsx";
import { GuestActions } from "./guest-actions.tsx";
import { HeaderPanel } from "#app/components/header-panel.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export const USER_PANEL_ID = "user-panel";

// Only signed-in players see the bell: guests (most first visits) do not download it, its store
// nor the realtime client behind it.
const WalletHeaderBalance = lazyWithQueryClient(() => import("#app/features/wallet/wallet-header-balance.tsx"));
const NotificationBell = lazyWithQueryClient(async () => ({ default: (await import("#app/features/notifications/notification-bell.tsx")).NotificationBell }));

/**
 * The account button and its panel: an invitation for guests; for players their avatar and
 * displayed name (spec 3), the balance slot beside them, and a menu of account pages with Sign out.
 */
export function UserPanel({ triggerClassName }: { triggerClassName?: string }) {
  const { t } = useTranslation("layout");
  const { t: tSite } = useTranslation("site");
  const session = useSession();
  if (isSignedIn(session)) {
    const profile = session.profile ?? null;
    const name = profile ? displayName(profile) : "";
    return (
      <div className="flex items-center gap-1.5 sm:gap-2" data-signed-in-player={session.playerId}>
        <BalanceSlot />
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <HeaderPanel
          id={USER_PANEL_ID}
          label={name ? `${tSite("session.menuLabel")}: ${name}` : tSite("session.menuLabel")}
          icon={<UserIcon />}
          trigger={
            <>
              <PlayerAvatar profile={profile} className="size-8 text-sm" />
              <span className="hidden min-w-0 truncate text-sm font-semibold sm:inline" dir="auto" data-player-name="">
                {name}
              </span>
            </>
          }
          triggerClassName={triggerClassName}
        >
          {() => <SignedInPanelContent session={session} />}
        </HeaderPanel>
      </div>
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

/** E-mail, else phone, else nothing: how the player recognises the account they are in. */
function contactLine(profile: Profile | null): string | null {
  return profile?.email ?? profile?.phone ?? null;
}

function SignedInPanelContent({ session }: { session: SignedInSession }) {
  const { t } = useTranslation("layout");
  const { t: tSite } = useTranslation("site");
  const profile = session.profile ?? null;
  const contact = contactLine(profile);
  return (
    <div>
      <div className="relative isolate overflow-hidden rounded-t-2xl border-b border-border px-5 pt-5 pb-4">
        <PanelGlow />
        <div className="flex items-center gap-3">
          <PlayerAvatar profile={profile} className="size-12 text-lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-display text-lg leading-snug font-bold" dir="auto" data-panel-player-name="">
              {profile ? displayName(profile) : ""}
            </p>
            <div className="mt-1 flex min-w-0 items-center gap-2">
              {contact ? (
                <span className="min-w-0 truncate text-sm text-fg-muted" dir="ltr">
                  {contact}
                </span>
              ) : null}
              <Badge tone={session.profileConfirmed ? "success" : "attention"} className="h-5 px-2 text-[0.6875rem]">
                {session.profileConfirmed ? tSite("session.confirmed") : tSite("session.unconfirmed")}
              </Badge>
            </div>
          </div>
        </div>
      </div>
      <div className="p-2">
        <PanelHeading>{t("userPanel.accountTitle")}</PanelHeading>
        <ul className="flex flex-col">
          <PanelLink to="/profile/info" icon={<UserIcon />}>
            {t("userPanel.profile")}
          </PanelLink>
          <PanelLink to="/wallet" icon={<WalletIcon />}>
            {t("userPanel.wallet")}
          </PanelLink>
          <PanelLink to="/profile/bonuses" icon={<GiftIcon />}>
            {t("userPanel.myBonuses")}
          </PanelLink>
          <PanelLink to="/profile/limits" icon={<ShieldIcon />}>
            {t("userPanel.limits")}
          </PanelLink>
          <PanelLink to="/profile/settings" icon={<SlidersIcon />}>
            {t("userPanel.settings")}
          </PanelLink>
        </ul>
        <div className="mt-1 border-t border-border pt-1">
          <SignOutButton />
        </div>
      </div>
    </div>
  );
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

function PanelLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
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
