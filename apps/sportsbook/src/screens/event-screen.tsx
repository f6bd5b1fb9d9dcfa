import type { EventDetail } from "@playfair/contracts/sport/sportsbook-api";
import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { buildSportPath, SPORT_ROOT_PATH } from "@playfair/contracts/sport/sport-paths";
import { Crest } from "../components/crest.tsx";
import { OddsButton } from "../components/odds-button.tsx";
import { RouterLink } from "../components/router-link.tsx";
import { Scoreboard } from "../components/scoreboard.tsx";
import { isLocked, selectedKeys, selectionOf } from "../components/selections.ts";
import { LoadError, Loading } from "../components/states.tsx";
import { formatSportDate } from "../dates.ts";
import { applyToEvent, eventUpdateFrom, keepNewerMarkets, sportEventChannel } from "../live-updates.ts";
import { groupMarkets, marketName, outcomeName } from "../names.ts";
import type { Translate } from "../i18n.ts";
import { selectionKey } from "../slip.ts";
import { SportsbookApiError } from "../api.ts";
import { sportName } from "../sports.ts";
import { useChannel, useLocale, useResource, useServices, useSlip, useT } from "../widget-context.tsx";

/** One event with every market, grouped by type; prices move live over `sport:event-<id>`. */
export function EventScreen({ eventId }: { eventId: number }) {
  const t = useT();
  const { api, slip } = useServices();
  const event = useResource<EventDetail | null>(
    `event:${eventId}`,
    (signal) =>
      api.event(eventId, signal).catch((error: unknown) => {
        if (error instanceof SportsbookApiError && error.status === 404) return null;
        throw error;
      }),
    (shown, loaded) => (shown && loaded ? keepNewerMarkets(shown, loaded) : loaded),
  );
  function onUpdate(data: unknown) {
    const update = eventUpdateFrom(data);
    if (!update) return;
    event.replace((current) => current && applyToEvent(current, update));
    const changed = new Map(update.markets.map((market) => [market.marketKey, market]));
    slip.refresh((selection) => {
      const market = selection.eventId === update.eventId ? changed.get(selection.marketKey) : undefined;
      if (!market) return selection;
      const next = selectionOf({ id: update.eventId, name: selection.eventName, suspended: update.suspended, status: update.status }, market, selection.outcomeId, selection.outcomeName);
      return next ?? { ...selection, locked: true };
    });
  }
  // Subscribed first, read again once subscribed: a price that moved between the first read and the
  // subscription (or while the connection was down) is not missed.
  const live = useChannel(sportEventChannel(eventId), onUpdate, event.reload);
  if (event.status === "error" && event.data === null) return <LoadError onRetry={event.reload} />;
  if (event.status === "pending" && event.data === null) return <Loading />;
  // Spec 2.3: an event that cannot be found leads back to the sport section's start.
  if (event.data === null) {
    return (
      <div className="sb:flex sb:flex-col sb:items-center sb:gap-3 sb:rounded-lg sb:bg-surface sb:p-6 sb:text-center">
        <p className="sb:text-fg-muted">{t("event.notFound")}</p>
        <RouterLink to={SPORT_ROOT_PATH} className="sb:inline-flex sb:min-h-11 sb:items-center sb:rounded-md sb:border sb:border-border sb:px-4 sb:font-semibold sb:text-fg sb:hover:border-brand">
          {t("home.allSports")}
        </RouterLink>
      </div>
    );
  }
  return <EventDetails event={event.data} live={live} />;
}

function eventTiming(t: Translate, event: EventDetail, locale: SportsbookLocale): string {
  return event.status === "not_started" ? t("event.startsAt", { date: formatSportDate(event.startsAt, "dateTime", locale) }) : t(`status.${event.status}`);
}

function EventDetails({ event, live }: { event: EventDetail; live: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { slip } = useServices();
  const selected = selectedKeys(useSlip().selections);
  const sport = { id: event.sportId, name: sportName(t, event.sportId) };
  const category = { id: event.categoryId, name: event.categoryName };
  const championship = { id: event.championshipId, name: event.championshipName };
  return (
    <article aria-labelledby="sb-event-title" data-live-updates={live ? "on" : "off"} className="sb:flex sb:flex-col sb:gap-4">
      <nav aria-label={sport.name} className="sb:flex sb:flex-wrap sb:items-center sb:gap-1 sb:text-sm sb:text-fg-subtle">
        <RouterLink to={buildSportPath({ sport }, locale)} className="sb:rounded sb:px-1 sb:hover:text-brand-fg">
          {sport.name}
        </RouterLink>
        <span aria-hidden="true">/</span>
        <RouterLink to={buildSportPath({ sport, category }, locale)} className="sb:rounded sb:px-1 sb:hover:text-brand-fg">
          {category.name}
        </RouterLink>
        <span aria-hidden="true">/</span>
        <RouterLink to={buildSportPath({ sport, category, championship }, locale)} className="sb:rounded sb:px-1 sb:hover:text-brand-fg">
          {championship.name}
        </RouterLink>
      </nav>
      <h1 id="sb-event-title" className="sb:text-xl sb:font-bold sb:text-fg">
        {event.name}
      </h1>
      {event.liveState && event.home && event.away ? (
        <Scoreboard event={event} />
      ) : !event.home || !event.away ? (
        <p className="sb:rounded-lg sb:bg-surface sb:p-4 sb:text-sm sb:text-fg-muted sb:shadow-card">{eventTiming(t, event, locale)}</p>
      ) : (
        <div className="sb:flex sb:items-center sb:justify-between sb:gap-3 sb:rounded-lg sb:bg-surface sb:p-4 sb:shadow-card">
          <span className="sb:flex sb:items-center sb:gap-2 sb:font-semibold">
            <Crest crest={event.home?.crest} size={32} />
            {event.home?.name}
          </span>
          <span className="sb:text-center sb:text-sm sb:text-fg-muted">
            {eventTiming(t, event, locale)}
          </span>
          <span className="sb:flex sb:flex-row-reverse sb:items-center sb:gap-2 sb:font-semibold">
            <Crest crest={event.away?.crest} size={32} />
            {event.away?.name}
          </span>
        </div>
      )}
      {event.suspended && (
        <p role="status" className="sb:rounded-md sb:bg-attention-soft sb:px-3 sb:py-2 sb:text-sm sb:font-medium sb:text-attention">
          {t("event.suspended")}
        </p>
      )}
      <section aria-labelledby="sb-event-markets" className="sb:flex sb:flex-col sb:gap-2">
        <h2 id="sb-event-markets" className="sb:sr-only">
          {t("event.markets")}
        </h2>
        {groupMarkets(event.markets).map((group) => (
          <details key={group.marketTypeId} open className="sb:group sb:rounded-lg sb:border sb:border-border sb:bg-surface">
            <summary className="sb:flex sb:min-h-11 sb:cursor-pointer sb:items-center sb:justify-between sb:px-4 sb:font-semibold sb:text-fg">
              {marketName(t, { marketTypeId: group.marketTypeId, specifiers: "" })}
              <span aria-hidden="true" className="sb:text-fg-subtle sb:transition-transform sb:group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="sb:flex sb:flex-col sb:gap-2 sb:border-t sb:border-border sb:p-3">
              {group.markets.map((market) => (
                <div key={market.marketKey} role="group" aria-label={marketName(t, market)} className="sb:flex sb:flex-col sb:gap-1.5">
                  {group.markets.length > 1 && <span className="sb:text-xs sb:text-fg-subtle">{marketName(t, market)}</span>}
                  <div className="sb:grid sb:grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] sb:gap-1.5">
                    {market.outcomes.map((outcome) => {
                      // An outright's outcome is a competitor, named by the server; 1, X, 2, over ... by the market type.
                      const label = outcome.name ?? outcomeName(t, market, outcome.id, event);
                      const selection = selectionOf(event, market, outcome.id, label);
                      return (
                        <OddsButton
                          key={outcome.id}
                          label={label}
                          odds={outcome.odds}
                          selected={selection !== null && selected.has(selectionKey(selection))}
                          locked={isLocked(event, market, outcome.active)}
                          onToggle={() => selection && slip.toggle(selection)}
                        />
                      );
                    })}
                  </div>
                </div>
              ))}
            </div>
          </details>
        ))}
      </section>
    </article>
  );
}
