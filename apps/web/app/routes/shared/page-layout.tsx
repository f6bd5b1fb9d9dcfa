import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedNavLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { tabClassName, tabListClassName } from "#app/components/ui/tabs.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { SignInArt } from "#app/components/page-icons.tsx";
import { EmptyPanel } from "#app/routes/shared/page-frame.tsx";

// The frame lives apart so a page that needs only it (the lobby) does not load the guest prompt,
// the tabs and the page artwork with it.
export { EmptyPanel, PageFrame, PageIntro } from "#app/routes/shared/page-frame.tsx";

/**
 * What a visitor who is not signed in sees on pages that belong to an account. The buttons open
 * the sign-in and sign-up modals over the current page, by address (spec 2.4).
 */
export function GuestPrompt({ title, description, className }: { title: string; description: string; className?: string }) {
  const { t } = useTranslation("pages");
  return (
    <EmptyPanel className={className}>
      <div data-guest-prompt="">
        <EmptyState
          illustration={<SignInArt />}
          title={title}
          description={description}
          action={
            <>
              <ModalLink modal="sign-in" className={buttonClassName({ variant: "primary" })}>
                {t("guest.signIn")}
              </ModalLink>
              <ModalLink modal="sign-up" className={buttonClassName({ variant: "secondary" })}>
                {t("guest.signUp")}
              </ModalLink>
            </>
          }
        />
      </div>
    </EmptyPanel>
  );
}

export type SectionTab = { to: string; label: string; end?: boolean; icon?: ReactNode };

/** Tabs that are addresses (wallet main/history, settings account/notifications). */
export function SectionTabs({ label, tabs, className }: { label: string; tabs: SectionTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cx("max-w-full", className)}>
      <ul className={tabListClassName()}>
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <LocalizedNavLink
              to={tab.to}
              end={tab.end}
              preventScrollReset
              className={({ isActive }) => tabClassName(isActive, "[&>svg]:size-4")}
            >
              {tab.icon}
              {tab.label}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
