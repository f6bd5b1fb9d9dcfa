import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronEndIcon, CrownIcon, GiftIcon, HeadsetIcon, QuestionIcon, UserIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { GuestActions } from "./guest-actions.tsx";

/**
 * What the account panel shows a visitor (an invitation to sign in or sign up and a few pages to
 * explore), and the panel pieces the signed-in and currency panels share. Loaded on the panel's
 * first opening, with the panels' text: a closed panel shows none of it.
 */
export default function UserPanelContent() {
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
