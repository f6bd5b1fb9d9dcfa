import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Logo } from "#app/components/ui/logo.tsx";

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-canvas/85 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-3">
        <Link to="/" aria-label={t("nav.home")} className="-ms-1 rounded-lg p-1">
          <Logo />
        </Link>
        <div className="ms-auto flex items-center gap-2 sm:gap-3">
          <ThemeToggle />
          {/* Below the mobile breakpoint the hero carries the same call to action. */}
          <div className="hidden xs:block">
            <ButtonLink to="/?sign-up=true" variant="accent" size="sm">
              {t("nav.signUp")}
            </ButtonLink>
          </div>
        </div>
      </Container>
    </header>
  );
}
