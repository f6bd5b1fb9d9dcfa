import { GAME_CATEGORIES } from "@playfair/contracts/game/catalogue";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { categoryPath } from "./games-links.ts";

const linkClass =
  "flex h-12 items-center rounded-lg border border-border px-4 font-semibold outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-focus";

/** Spec 2.4 categories: every category, each a link to its filter page, and the whole lobby. */
export default function CategoriesModal(_props: ModalContentProps) {
  const { t } = useTranslation("pages");
  return (
    <nav aria-label={t("games.categoriesLabel")}>
      <ul className="grid grid-cols-2 gap-2" data-categories="">
        {GAME_CATEGORIES.map((category) => (
          <li key={category}>
            <LocalizedLink to={categoryPath(category)} className={linkClass}>
              {t(`games.categories.${category}`)}
            </LocalizedLink>
          </li>
        ))}
        <li className="col-span-2">
          <LocalizedLink to="/games" className={linkClass}>
            {t("gameLists.allGames")}
          </LocalizedLink>
        </li>
      </ul>
    </nav>
  );
}
