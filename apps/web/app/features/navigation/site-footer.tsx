import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Logo } from "#app/components/ui/logo.tsx";
import { translatedOnce } from "#app/components/translated-once.ts";
import { LanguageSwitcher } from "#app/features/navigation/language-switcher.tsx";
import { BONUSES, CASINO, CONTACT, QUESTIONS, REFERRAL, SPORT, SUPPORT, WELCOME_PACKAGE } from "#app/features/navigation/nav-items.tsx";

type FooterLink = { to: string; label: string };
type FooterColumnData = { id: string; title: string; links: FooterLink[] };

/**
 * The site footer: what Playfair is, the language switcher, links to the sections and the
 * content pages, and the 18+ responsible-gaming line.
 */
export function SiteFooter() {
  const { t, i18n } = useTranslation("layout");
  // The columns depend on the language only: translated once per language, not on every render.
  const columns = translatedOnce(i18n, "layout:footer-columns", (): FooterColumnData[] => [
    {
      id: "play",
      title: t("footer.columns.play"),
      links: [CASINO, SPORT, BONUSES, WELCOME_PACKAGE].map((item) => ({ to: item.to, label: t(item.labelKey) })),
    },
    {
      id: "information",
      title: t("footer.columns.information"),
      links: [
        { to: "/static/terms", label: t("footer.links.terms") },
        { to: "/static/privacy", label: t("footer.links.privacy") },
        { to: "/static/responsible-gaming", label: t("footer.links.responsibleGaming") },
        { to: "/static/cookie-policy", label: t("footer.links.cookiePolicy") },
        { to: "/about-us", label: t("footer.links.aboutUs") },
      ],
    },
    {
      id: "help",
      title: t("footer.columns.help"),
      links: [QUESTIONS, SUPPORT, CONTACT, REFERRAL].map((item) => ({ to: item.to, label: t(item.labelKey) })),
    },
  ]);

  return (
    <footer data-site-footer="" className="mt-16 border-t border-border bg-surface sm:mt-24">
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[minmax(0,1.3fr)_minmax(0,2fr)] lg:gap-16">
          <div className="flex flex-col items-start gap-5">
            <LocalizedLink to="/" aria-label={t("homeLink")} className="-ms-1 rounded-lg p-1">
              <Logo />
            </LocalizedLink>
            <p className="max-w-sm text-sm leading-relaxed text-fg-muted">{t("footer.about")}</p>
            <LanguageSwitcher className="w-full max-w-64" />
          </div>
          <nav aria-label={t("footer.label")} className="grid grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3">
            {columns.map((column) => (
              <FooterColumn key={column.id} id={`footer-${column.id}`} title={column.title}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <LocalizedLink to={link.to} className="footer-link">
                      {link.label}
                    </LocalizedLink>
                  </li>
                ))}
              </FooterColumn>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-6 border-t border-border pt-8 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl items-start gap-4">
            <span
              dir="ltr"
              role="img"
              aria-label={t("footer.ageBadgeLabel")}
              className="grid size-11 shrink-0 place-items-center rounded-full border-2 border-error text-sm font-extrabold text-error"
            >
              {t("footer.ageBadge")}
            </span>
            <div className="flex flex-col gap-1 text-sm">
              <p className="text-fg-muted">{t("footer.responsible")}</p>
              <LocalizedLink
                to="/static/responsible-gaming"
                className="self-start font-semibold text-brand-fg underline-offset-4 hover:underline"
              >
                {t("footer.responsibleLink")}
              </LocalizedLink>
            </div>
          </div>
          <p className="shrink-0 text-sm text-fg-subtle">{t("footer.rights")}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <p id={id} className="text-xs font-semibold tracking-[0.08em] text-fg uppercase">
        {title}
      </p>
      <ul aria-labelledby={id} className="flex flex-col gap-1">
        {children}
      </ul>
    </div>
  );
}
