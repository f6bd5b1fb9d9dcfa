import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ArrowEndIcon, SearchIcon, SlidersIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { readReturnToGame } from "#app/features/site-services/return-to-game-read.ts";

/**
 * Search, filters and categories of the lobby and the filter pages: links that open the modals
 * (they work before hydration; the modals' code loads on intent).
 */
export function LobbyToolbar() {
  const { t } = useTranslation("pages");
  return (
    <div className="mt-6 flex flex-wrap gap-2" data-lobby-toolbar="">
      <ModalLink modal="global-search" className={buttonClassName({ variant: "secondary", size: "sm", className: "grow justify-start sm:grow-0 [&>svg]:size-4" })}>
        <SearchIcon />
        {t("games.search")}
      </ModalLink>
      <ModalLink modal="games-filter" className={buttonClassName({ variant: "secondary", size: "sm", className: "[&>svg]:size-4" })}>
        <SlidersIcon />
        {t("games.filter")}
      </ModalLink>
      <ModalLink modal="categories" className={buttonClassName({ variant: "secondary", size: "sm" })}>
        {t("games.categoriesButton")}
      </ModalLink>
    </div>
  );
}

const subscribeNothing = () => () => {};

/** False on the server and during hydration, true after: for what only the browser's storage knows. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/**
 * "Back to your game" when this tab left a game page (the return-to-game record, spec 2.4). It
 * shows after hydration only: the record lives in the tab's storage, which the server cannot see.
 */
export function BackToGame() {
  const { t } = useTranslation("pages");
  const record = useHydrated() ? readReturnToGame() : null;
  if (!record) return null;
  return (
    <LocalizedLink
      to={record.path}
      data-back-to-game=""
      className="back-to-game"
    >
      {t("games.backToGame")}
      <ArrowEndIcon />
    </LocalizedLink>
  );
}
