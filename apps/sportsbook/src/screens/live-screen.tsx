import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import type { SportCount } from "../api.ts";
import { RouterLink } from "../components/router-link.tsx";
import { sportName } from "../sports.ts";
import { useLocale, useResource, useServices, useT } from "../widget-context.tsx";
import { EventList } from "./event-list.tsx";

/** Live events with their scores, filtered by sport from the chips above. */
export function LiveScreen({ sportId }: { sportId: number | null }) {
  const t = useT();
  const locale = useLocale();
  const { api } = useServices();
  const sports = useResource<SportCount[]>("sports", (signal) => api.sports(signal));
  const live = (sports.data ?? []).filter((sport) => sport.live > 0);
  const chip = "sb:inline-flex sb:min-h-9 sb:items-center sb:gap-1.5 sb:whitespace-nowrap sb:rounded-full sb:border sb:px-3 sb:text-sm";
  const on = "sb:border-brand sb:bg-brand-soft sb:text-brand-fg sb:font-semibold";
  const off = "sb:border-border sb:bg-surface sb:text-fg-muted sb:hover:border-brand";
  return (
    <div className="sb:flex sb:flex-col sb:gap-3">
      <h1 className="sb:text-xl sb:font-bold sb:text-fg">{t("nav.live")}</h1>
      {live.length > 0 && (
        <nav aria-label={t("nav.sports")} className="sb:-mx-1 sb:overflow-x-auto sb:px-1 sb:pb-1">
          <ul className="sb:flex sb:gap-1.5">
            <li>
              <RouterLink to={buildSportPath({ page: "live" }, locale)} current={sportId === null} className={`${chip} ${sportId === null ? on : off}`}>
                {t("home.allSports")}
              </RouterLink>
            </li>
            {live.map((sport) => (
              <li key={sport.sportId}>
                <RouterLink
                  to={buildSportPath({ page: "live", sport: { id: sport.sportId, name: sportName(t, sport.sportId) } }, locale)}
                  current={sportId === sport.sportId}
                  className={`${chip} ${sportId === sport.sportId ? on : off}`}
                >
                  {sportName(t, sport.sportId)}
                  <span className="sb:tabular-nums sb:text-xs">{sport.live}</span>
                </RouterLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <EventList query={{ live: "true", sportId: sportId ?? undefined, perPage: 50 }} label={t("nav.live")} emptyText={t("live.empty")} />
    </div>
  );
}
