import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { Profile } from "@playfair/contracts/player/profile";
import { GiftIcon, ShieldIcon, SlidersIcon, UserIcon, WalletIcon } from "#app/components/icons.tsx";
import { HeaderPanel } from "#app/components/header-panel.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { PlayerAvatar } from "#app/features/session/player-avatar.tsx";
import { displayName } from "#app/features/session/session-keys.ts";
import { SignOutButton } from "#app/features/session/sign-out-button.tsx";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";
import type { SignedInSession } from "#app/lib/session.tsx";
import { BalanceSlot, USER_PANEL_ID } from "./user-panel.tsx";
import { PanelGlow, PanelHeading, PanelLink } from "./user-panel-content.tsx";

// The bell's store and the realtime client behind it load after the player's header.
const NotificationBell = lazyWithQueryClient(async () => ({ default: (await import("#app/features/notifications/notification-bell.tsx")).NotificationBell }));
// The bonuses' live state (alerts, live balances, reloads) loads from here rather than from the
// shell, so the first visit of a guest never carries even its address.
const BonusLiveUpdates = lazyWithQueryClient(() => import("#app/features/bonuses/bonus-live.tsx"));

/**
 * The header's account area of a signed-in player: the balance slot, the notification bell, and
 * the account button (avatar and displayed name, spec 3) with its menu of account pages.
 */
export default function SignedInUserPanel({ session, triggerClassName }: { session: SignedInSession; triggerClassName?: string | undefined }) {
  const { t: tSite } = useTranslation("site");
  const profile = session.profile ?? null;
  const name = profile ? displayName(profile) : "";
  return (
    <div className="flex items-center gap-1 xs:gap-1.5 sm:gap-2" data-signed-in-player={session.playerId}>
      {/* Renders nothing: it listens. */}
      <Suspense fallback={null}>
        <BonusLiveUpdates />
      </Suspense>
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
