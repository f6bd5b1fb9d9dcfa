import { buildSportPath, sportSlug } from "@playfair/contracts/sport/sport-paths";
import type { SportInfo } from "@playfair/contracts/sport/sportsbook-api";
import { RouterLink } from "../components/router-link.tsx";
import { LoadError, Loading, SectionTitle } from "../components/states.tsx";
import { sportName } from "../sports.ts";
import { useLocale, useResource, useServices, useT } from "../widget-context.tsx";
import { EventList } from "./event-list.tsx";

type Category = SportInfo["Categories"][number];
type Championship = Category["Championships"][number];

export type SportTarget = { sportId: number; categorySlug: string | null; championshipSlug: string | null; categoryIds: number[]; championshipIds: number[] };

/** The category and championship an address names: by the query's ids first, else by the slugs. */
export function resolveLevels(info: SportInfo, target: SportTarget): { category: Category | null; championship: Championship | null } {
  const category =
    info.Categories.find((entry) => target.categoryIds.length === 1 && entry.CategoryId === target.categoryIds[0]) ??
    (target.categorySlug ? info.Categories.find((entry) => sportSlug(entry.Name) === target.categorySlug) : undefined) ??
    null;
  const pool = category ? category.Championships : info.Categories.flatMap((entry) => entry.Championships);
  const championship =
    pool.find((entry) => target.championshipIds.length === 1 && entry.ChampionshipId === target.championshipIds[0]) ??
    (target.championshipSlug ? pool.find((entry) => sportSlug(entry.Name) === target.championshipSlug) : undefined) ??
    null;
  return { category, championship };
}

/** A sport: its competitions (categories, then championships) and its events, narrowed by the address. */
export function SportScreen({ target }: { target: SportTarget }) {
  const t = useT();
  const locale = useLocale();
  const { api } = useServices();
  const info = useResource<SportInfo>(`info:${target.sportId}`, () => api.sportInfo(target.sportId));
  const sport = { id: target.sportId, name: sportName(t, target.sportId) };
  if (info.status === "error" && info.data === null) return <LoadError onRetry={info.reload} />;
  if (info.data === null) return <Loading />;
  const { category, championship } = resolveLevels(info.data, target);
  const title = championship?.Name ?? category?.Name ?? sport.name;
  const categoryIds = category ? [category.CategoryId] : target.categoryIds;
  const championshipIds = championship ? [championship.ChampionshipId] : target.championshipIds;
  return (
    <div className="sb:flex sb:flex-col sb:gap-4">
      <nav aria-label={sport.name} className="sb:flex sb:flex-wrap sb:items-center sb:gap-1 sb:text-sm sb:text-fg-subtle">
        <RouterLink to={buildSportPath({ sport }, locale)} className="sb:rounded sb:px-1 sb:hover:text-brand-fg" current={!category && !championship}>
          {sport.name}
        </RouterLink>
        {category && (
          <>
            <span aria-hidden="true">/</span>
            <RouterLink to={buildSportPath({ sport, category: { id: category.CategoryId, name: category.Name } }, locale)} className="sb:rounded sb:px-1 sb:hover:text-brand-fg" current={!championship}>
              {category.Name}
            </RouterLink>
          </>
        )}
      </nav>
      <h1 className="sb:text-xl sb:font-bold sb:text-fg">{title}</h1>
      {!championship && (
        <section aria-labelledby="sb-sport-competitions" className="sb:flex sb:flex-col sb:gap-2">
          <SectionTitle id="sb-sport-competitions">{t("sport.competitions")}</SectionTitle>
          <ul className="sb:flex sb:flex-col sb:gap-1.5">
            {(category ? [category] : info.data.Categories).map((entry) => (
              <li key={entry.CategoryId}>
                <details open={category !== null} className="sb:group sb:rounded-lg sb:border sb:border-border sb:bg-surface">
                  <summary className="sb:flex sb:min-h-11 sb:cursor-pointer sb:items-center sb:justify-between sb:px-4 sb:font-medium sb:text-fg">
                    {entry.Name}
                    <span aria-hidden="true" className="sb:text-fg-subtle sb:transition-transform sb:group-open:rotate-180">
                      ▾
                    </span>
                  </summary>
                  <ul className="sb:flex sb:flex-col sb:border-t sb:border-border sb:py-1">
                    {entry.Championships.map((item) => (
                      <li key={item.ChampionshipId}>
                        <RouterLink
                          to={buildSportPath({ sport, category: { id: entry.CategoryId, name: entry.Name }, championship: { id: item.ChampionshipId, name: item.Name } }, locale)}
                          className="sb:flex sb:min-h-11 sb:items-center sb:px-4 sb:text-sm sb:text-fg-muted sb:hover:bg-surface-muted sb:hover:text-fg"
                        >
                          {item.Name}
                        </RouterLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="sb-sport-events" className="sb:flex sb:flex-col sb:gap-2">
        <SectionTitle id="sb-sport-events">{t("sport.events")}</SectionTitle>
        <EventList
          query={{ sportId: target.sportId, categoryId: categoryIds.length === 1 ? categoryIds[0] : undefined, championshipId: championshipIds.length === 1 ? championshipIds[0] : undefined, perPage: 30 }}
          label={title}
        />
      </section>
    </div>
  );
}
