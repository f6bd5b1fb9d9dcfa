import { useTranslation } from "react-i18next";
import { Container } from "#app/components/ui/container.tsx";
import { Logo } from "#app/components/ui/logo.tsx";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-20 border-t border-border bg-surface sm:mt-28">
      <Container className="flex flex-col gap-6 py-10 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-fg-muted">{t("app.tagline")}</p>
        </div>
        <div className="flex max-w-xl items-start gap-3">
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
            <p className="text-fg-subtle">{t("footer.rights")}</p>
          </div>
        </div>
      </Container>
    </footer>
  );
}
