import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedNavLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { tabClassName, tabListClassName } from "#app/components/ui/tabs.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { cx } from "#app/lib/cx.ts";
import { SignInArt } from "#app/components/page-icons.tsx";

/** The page's frame inside the default layout: site width, vertical rhythm. */
export function PageFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <Container className={cx("py-6 sm:py-10", className)}>{children}</Container>;
}

/** The page's only <h1>, with an icon tile, a one-line introduction and optional actions. */
export function PageIntro({
  icon,
  title,
  subtitle,
  actions,
}: {
  icon?: ReactNode;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex items-start gap-4">
        {icon && (
          <div className="grid size-12 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-fg [&>svg]:size-6" aria-hidden="true">
            {icon}
          </div>
        )}
        <div className="min-w-0">
          <h1 className="font-display text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1.5 max-w-2xl text-pretty text-fg-muted">{subtitle}</p>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A dashed panel that holds an empty state, so it reads as "a place where things will be". */
export function EmptyPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={cx("mt-6 rounded-xl border border-dashed border-border-strong bg-surface/60 sm:mt-8", className)}>{children}</section>
  );
}

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
