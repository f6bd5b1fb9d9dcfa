import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { ThemeToggle } from "#app/components/theme-toggle.tsx";
import { IconButton } from "#app/components/ui/button.tsx";
import { Logo } from "#app/components/ui/logo.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import { useDrawerCompact } from "#app/lib/drawer-compact.ts";
import { DrawerNav, WelcomePromo } from "./drawer-nav.tsx";
import { GuestActions } from "./guest-actions.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { OVERLAY_DRAWER_ID, useShellState } from "./shell-state.tsx";

/** Width from which the drawer is a permanent rail beside the page (Tailwind's `lg`). */
const DRAWER_RAIL_MEDIA_QUERY = "(min-width: 64rem)";

/**
 * The drawer on wide screens: a rail at the inline-start side, under the header, expanded or
 * compact (icons only). Its width comes from CSS, from <html data-drawer-compact>, so the first
 * paint already has the remembered width.
 */
export function DrawerRail() {
  const compact = useDrawerCompact();
  return (
    // The outer column runs the full height of the page (its border and background); the rail
    // inside stays in view under the sticky header while the page scrolls.
    <div
      data-drawer-rail=""
      className="hidden w-64 shrink-0 border-e border-border bg-surface transition-[width] duration-200 ease-snappy lg:block drawer-compact:w-[4.75rem]"
    >
      <aside
        data-site-drawer="rail"
        className={
          "sticky top-16 flex h-[calc(100dvh-4rem)] flex-col gap-6 overflow-x-hidden overflow-y-auto overscroll-contain " +
          "px-3 pt-4 pb-6 [scrollbar-width:thin] drawer-compact:px-3.5"
        }
      >
        <DrawerNav compact={compact} />
        <div className="mt-auto">
          <WelcomePromo />
        </div>
      </aside>
    </div>
  );
}

/**
 * The drawer on narrow screens: a modal sheet sliding in from the inline-start edge (the right in
 * Persian), opened by the menu buttons. Being a modal <dialog>, it traps focus, closes on Escape
 * and gives focus back to the button that opened it; it also closes on a tap outside and when
 * a link is followed.
 */
export function OverlayDrawer() {
  const { t } = useTranslation("layout");
  const { drawerOpen, closeDrawer } = useShellState();
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  // The closed sheet is invisible, so its content (a third copy of the navigation) is not rendered
  // on the server nor before the first opening; once opened it stays, so closing can slide it out.
  const [opened, setOpened] = useState(false);
  if (drawerOpen && !opened) setOpened(true);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (drawerOpen && !element.open) element.showModal();
    if (!drawerOpen && element.open) element.close();
  }, [drawerOpen]);

  // Following a link (or any other change of address) closes the drawer.
  useEffect(() => closeDrawer(), [location.pathname, location.search, closeDrawer]);

  // Widening the window past the rail breakpoint leaves nothing to overlay.
  useEffect(() => {
    const media = window.matchMedia(DRAWER_RAIL_MEDIA_QUERY);
    const onChange = () => {
      if (media.matches) closeDrawer();
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [closeDrawer]);

  return (
    <dialog
      ref={dialog}
      id={OVERLAY_DRAWER_ID}
      data-site-drawer="overlay"
      aria-label={t("drawer.label")}
      onClose={closeDrawer}
      onClick={(event) => {
        // A click on the dialog box itself, not its content, is a click on the backdrop.
        if (event.target === event.currentTarget) closeDrawer();
      }}
      className={
        "drawer-sheet fixed inset-y-0 start-0 end-auto m-0 h-dvh max-h-dvh w-[min(21rem,calc(100vw-2.5rem))] max-w-none " +
        "overflow-hidden border-e border-border bg-surface p-0 text-fg shadow-raised lg:hidden"
      }
    >
      {opened ? <OverlayDrawerContent closeDrawer={closeDrawer} /> : null}
    </dialog>
  );
}

function OverlayDrawerContent({ closeDrawer }: { closeDrawer: () => void }) {
  const { t } = useTranslation("layout");
  const session = useSession();
  return (
    <div className="flex h-full flex-col overflow-y-auto overscroll-contain">
      <div className="sticky top-0 z-10 flex h-16 shrink-0 items-center justify-between gap-3 border-b border-border bg-surface px-4">
        <LocalizedLink to="/" aria-label={t("homeLink")} onClick={closeDrawer} className="-ms-1 rounded-lg p-1">
          <Logo />
        </LocalizedLink>
        <IconButton label={t("drawer.close")} icon={<CloseIcon />} onClick={closeDrawer} size="sm" />
      </div>
      <div className="flex flex-1 flex-col gap-6 px-3 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        {isSignedIn(session) ? null : <GuestActions className="px-1" />}
        <DrawerNav onNavigate={closeDrawer} />
        <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface-muted/60 px-3 py-2">
          <span className="text-sm font-medium text-fg-muted">{t("drawer.appearance")}</span>
          <ThemeToggle />
        </div>
        {/* On a phone the footer's switcher is a long scroll away: the menu offers it too. */}
        <LanguageSwitcher className="px-1" />
        <WelcomePromo onNavigate={closeDrawer} />
      </div>
    </div>
  );
}
