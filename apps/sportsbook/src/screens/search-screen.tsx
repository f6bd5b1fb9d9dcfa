import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import { useDeferredValue, useState } from "react";
import type { SearchResult } from "../api.ts";
import { EventRow } from "../components/event-row.tsx";
import { RouterLink } from "../components/router-link.tsx";
import { Empty, LoadError, Loading, SectionTitle } from "../components/states.tsx";
import { sportName } from "../sports.ts";
import { useLocale, useResource, useServices, useT } from "../widget-context.tsx";

const MIN_SEARCH_LENGTH = 2;

/** Events and competitions whose names match what the player types. */
export function SearchScreen() {
  const t = useT();
  const [text, setText] = useState("");
  const query = useDeferredValue(text.trim());
  return (
    <div className="sb:flex sb:flex-col sb:gap-3">
      <h1 className="sb:text-xl sb:font-bold sb:text-fg">{t("nav.search")}</h1>
      <label className="sb:flex sb:flex-col sb:gap-1 sb:text-sm sb:font-medium sb:text-fg-muted">
        {t("search.label")}
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={80}
          autoComplete="off"
          className="sb:min-h-11 sb:rounded-md sb:border sb:border-border-strong sb:bg-surface sb:px-3 sb:text-base sb:text-fg"
        />
      </label>
      {query.length < MIN_SEARCH_LENGTH ? <p className="sb:text-sm sb:text-fg-subtle">{t("search.hint")}</p> : <SearchResults text={query} />}
    </div>
  );
}

function SearchResults({ text }: { text: string }) {
  const t = useT();
  const locale = useLocale();
  const { api } = useServices();
  const result = useResource<SearchResult>(`search:${text}`, (signal) => api.search(text, signal));
  if (result.status === "error" && result.data === null) return <LoadError onRetry={result.reload} />;
  if (result.data === null) return <Loading />;
  const { events, championships } = result.data;
  if (events.length === 0 && championships.length === 0) return <Empty>{t("search.none", { text })}</Empty>;
  return (
    <div aria-live="polite" className="sb:flex sb:flex-col sb:gap-3">
      {championships.length > 0 && (
        <section aria-labelledby="sb-search-championships" className="sb:flex sb:flex-col sb:gap-2">
          <SectionTitle id="sb-search-championships">{t("search.championships")}</SectionTitle>
          <ul className="sb:flex sb:flex-col sb:gap-1.5">
            {championships.map((championship) => (
              <li key={championship.id}>
                <RouterLink
                  to={buildSportPath(
                    {
                      sport: { id: championship.sportId, name: sportName(t, championship.sportId) },
                      category: { id: championship.categoryId, name: championship.categoryName },
                      championship: { id: championship.id, name: championship.name },
                    },
                    locale,
                  )}
                  className="sb:flex sb:min-h-11 sb:flex-col sb:justify-center sb:rounded-lg sb:border sb:border-border sb:bg-surface sb:px-4 sb:py-2 sb:hover:border-brand"
                >
                  <span className="sb:font-medium sb:text-fg">{championship.name}</span>
                  <span className="sb:text-xs sb:text-fg-subtle">
                    {sportName(t, championship.sportId)} · {championship.categoryName}
                  </span>
                </RouterLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {events.length > 0 && (
        <section aria-labelledby="sb-search-events" className="sb:flex sb:flex-col sb:gap-2">
          <SectionTitle id="sb-search-events">{t("sport.events")}</SectionTitle>
          <ul className="sb:flex sb:flex-col sb:gap-2">
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
