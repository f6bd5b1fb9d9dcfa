import { useTranslation } from "react-i18next";
import { MenuIcon, SearchIcon, SidebarIcon } from "#app/components/icons.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { buttonClassName, IconButton } from "#app/components/ui/button.tsx";
import { Logo } from "#app/components/ui/logo.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { CurrencyPanel } from "#app/features/navigation/currency-panel.tsx";
import { setDrawerCompact, useDrawerCompact } from "#app/lib/drawer-compact.ts";
import { useIsNavItemActive, useNavLabels } from "#app/features/navigation/nav-entry.tsx";
import { HEADER_NAV, type NavItem } from "#app/features/navigation/nav-items.tsx";
import { OVERLAY_DRAWER_ID, useShellState } from "#app/features/navigation/shell-state.tsx";
import { UserPanel } from "#app/features/navigation/user-panel.tsx";
import { cx } from "#app/lib/cx.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

/**
 * The sticky site header: drawer controls, logo, the main sections (wide screens), search,
 * colour theme, the currency and user panels, and Sign in / Sign up for guests.
 */
export function SiteHeader() {
  const { t } = useTranslation("layout");
  const session = useSession();
  return (
    <header
      data-site-header=""
      className="sticky top-0 z-40 h-16 border-b border-border/80 bg-canvas"
    >
      <div className="flex h-full items-center gap-2 px-3 sm:px-4 lg:gap-3 lg:px-5">
        <DrawerButtons />
        <LocalizedLink to="/" aria-label={t("homeLink")} className="-ms-1 shrink-0 rounded-lg p-1">
          <Logo wordmarkClassName="max-[399px]:hidden" />
        </LocalizedLink>
        <nav aria-label={t("nav.primaryLabel")} className="ms-2 hidden xl:block">
          <ul className="flex items-center gap-1">
            {HEADER_NAV.map((item) => (
              <HeaderNavLink key={item.id} item={item} />
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1 xs:gap-1.5 sm:gap-2">
          <ModalLink
            modal="global-search"
            aria-label={t("header.search")}
            title={t("header.search")}
            data-action="global-search"
            className={cx(
              "tap-height inline-flex size-9 shrink-0 items-center justify-center gap-2.5 rounded-full border border-border-strong bg-surface text-fg-muted",
              "transition-colors hover:border-fg-subtle/50 hover:text-fg 2xl:w-60 2xl:justify-start 2xl:px-3.5",
            )}
          >
            <SearchIcon className="size-[1.125rem]" />
            <span className="hidden truncate text-sm 2xl:inline">{t("header.searchHint")}</span>
          </ModalLink>
          <div className="hidden md:block">
            <ThemeToggle />
          </div>
          {/* A signed-in phone keeps its few header pixels for the balance: the balance opens the
              wallet, which lists the same accounts and switches between them. */}
          <CurrencyPanel triggerClassName={isSignedIn(session) ? "max-xs:hidden" : undefined} />
          <UserPanel />
          {isSignedIn(session) ? null : (
            <>
              <div className="hidden sm:block">
                <ModalLink modal="sign-in" data-action="sign-in" className={buttonClassName({ variant: "secondary", size: "sm", className: "tap-height" })}>
                  {t("header.signIn")}
                </ModalLink>
              </div>
              <ModalLink
                modal="sign-up"
                data-action="sign-up"
                className={buttonClassName({ variant: "accent", size: "sm", className: "tap-height max-xs:px-3.5" })}
              >
                {t("header.signUp")}
              </ModalLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * Wide screens: the button that switches the rail between full and compact (remembered).
 * Medium screens: the button that opens the overlay drawer (the bottom bar has it on mobile).
 */
function DrawerButtons() {
  const { t } = useTranslation("layout");
  const compact = useDrawerCompact();
  const { drawerOpen, openDrawer } = useShellState();
  return (
    // Wrappers carry the breakpoints: the buttons' own display class would win over `hidden`.
    <>
      <div className="hidden lg:block">
        <IconButton
          label={t("drawer.compact")}
          icon={<SidebarIcon />}
          aria-pressed={compact}
          data-action="drawer-compact"
          onClick={() => setDrawerCompact(!compact)}
          size="sm"
        />
      </div>
      <div className="hidden xs:block lg:hidden">
        <IconButton
          label={t("drawer.open")}
          icon={<MenuIcon />}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls={OVERLAY_DRAWER_ID}
          data-action="drawer-open"
          onClick={openDrawer}
          size="sm"
        />
      </div>
    </>
  );
}

function HeaderNavLink({ item }: { item: NavItem }) {
  const label = useNavLabels()[item.labelKey];
  const active = useIsNavItemActive(item);
  return (
    <li>
      <LocalizedLink
        to={item.to}
        data-nav-item={item.id}
        aria-current={active ? "page" : undefined}
        className={cx("header-nav-link", active ? "bg-brand-soft text-brand-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg")}
      >
        {label}
      </LocalizedLink>
    </li>
  );
}
