import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import type { SportCount } from "../api.ts";
import { RouterLink } from "../components/router-link.tsx";
import { LoadError, Loading, SectionTitle } from "../components/states.tsx";
import { sportName } from "../sports.ts";
import { useLocale, useResource, useServices, useT } from "../widget-context.tsx";
import { EventList } from "./event-list.tsx";

/** The sportsbook's start: what is live now, and every sport with its event counts. */
export function HomeScreen() {
  const t = useT();
  return (
    <div className="sb:flex sb:flex-col sb:gap-4">
      <section aria-labelledby="sb-home-live" className="sb:flex sb:flex-col sb:gap-2">
        <SectionTitle id="sb-home-live">{t("home.liveNow")}</SectionTitle>
        <EventList query={{ live: "true", perPage: 6 }} label={t("home.liveNow")} emptyText={t("live.empty")} />
      </section>
      <section aria-labelledby="sb-home-sports" className="sb:flex sb:flex-col sb:gap-2">
        <SectionTitle id="sb-home-sports">{t("home.allSports")}</SectionTitle>
        <SportList />
      </section>
    </div>
  );
}

export function SportList() {
  const t = useT();
  const locale = useLocale();
  const { api } = useServices();
  const sports = useResource<SportCount[]>("sports", (signal) => api.sports(signal));
  if (sports.status === "error" && sports.data === null) return <LoadError onRetry={sports.reload} />;
  if (sports.data === null) return <Loading />;
  const shown = sports.data.filter((sport) => sport.live + sport.prematch > 0);
  return (
    <ul className="sb:grid sb:grid-cols-1 sb:gap-2 sb:xs:grid-cols-2 sb:lg:grid-cols-3">
      {shown.map((sport) => {
        const name = sportName(t, sport.sportId);
        return (
          <li key={sport.sportId}>
            <RouterLink
              to={buildSportPath({ sport: { id: sport.sportId, name } }, locale)}
              className="sb:flex sb:min-h-14 sb:items-center sb:justify-between sb:gap-3 sb:rounded-lg sb:border sb:border-border sb:bg-surface sb:px-4 sb:py-3 sb:shadow-card sb:hover:border-brand"
            >
              <span className="sb:flex sb:min-w-0 sb:flex-col">
                <span className="sb:truncate sb:font-semibold sb:text-fg">{name}</span>
                <span className="sb:text-xs sb:text-fg-subtle">{t("home.counts", { live: sport.live, prematch: sport.prematch })}</span>
              </span>
              {sport.live > 0 && <span className="sb:shrink-0 sb:rounded-full sb:bg-error-soft sb:px-2 sb:py-0.5 sb:text-xs sb:font-semibold sb:text-error">{t("home.liveBadge", { count: sport.live })}</span>}
            </RouterLink>
          </li>
        );
      })}
    </ul>
  );
}
