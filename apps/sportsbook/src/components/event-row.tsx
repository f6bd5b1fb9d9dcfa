import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { formatClock, formatEventStart } from "../dates.ts";
import { marketName, outcomeName } from "../names.ts";
import { selectionKey } from "../slip.ts";
import { useLocale, useServices, useSlip, useT } from "../widget-context.tsx";
import { Crest } from "./crest.tsx";
import { OddsButton } from "./odds-button.tsx";
import { RouterLink } from "./router-link.tsx";
import { eventPath, isLocked, selectedKeys, selectionOf } from "./selections.ts";

/** An event in a list: teams with crests, start time or live score, the main market's prices. */
export function EventRow({ event }: { event: EventSummary }) {
  const t = useT();
  const locale = useLocale();
  const { slip } = useServices();
  const selected = selectedKeys(useSlip().selections);
  const live = event.liveState;
  const market = event.mainMarket;
  const clock = live ? formatClock(live.clockSeconds) : null;
  // Outrights (races, golf) have one outcome per competitor: too many for a row, so the row leads to the event page.
  const headToHead = event.home !== null && event.away !== null;
  return (
    <li className="sb:flex sb:flex-col sb:gap-2 sb:rounded-lg sb:border sb:border-border sb:bg-surface sb:p-3 sb:shadow-card sb:md:flex-row">
      <RouterLink to={eventPath(t, locale, event)} className="sb:flex sb:min-w-0 sb:flex-1 sb:flex-col sb:gap-1 sb:rounded-md sb:hover:text-brand-fg">
        <span className="sb:flex sb:items-center sb:gap-2 sb:text-xs sb:text-fg-subtle">
          {event.status === "live" ? (
            <span className="sb:inline-flex sb:items-center sb:gap-1 sb:font-semibold sb:text-error">
              <span aria-hidden="true" className="sb:size-1.5 sb:rounded-full sb:bg-error sb-live-dot" />
              {t("status.live")}
              {clock && <span className="sb:tabular-nums">{clock}</span>}
            </span>
          ) : (
            <time dateTime={event.startsAt} className="sb:tabular-nums">
              {formatEventStart(event.startsAt, locale)}
            </time>
          )}
          <span className="sb:truncate">{event.championshipName}</span>
        </span>
        {headToHead && event.home && event.away ? (
          <span className="sb:grid sb:grid-cols-[1fr_auto] sb:gap-x-3 sb:gap-y-1 sb:font-medium sb:text-fg">
            <span className="sb:flex sb:min-w-0 sb:items-center sb:gap-2">
              <Crest crest={event.home.crest} size={20} />
              <span className="sb:truncate">{event.home.name}</span>
            </span>
            <span className="sb:font-semibold sb:tabular-nums">{live?.homeScore ?? ""}</span>
            <span className="sb:flex sb:min-w-0 sb:items-center sb:gap-2">
              <Crest crest={event.away.crest} size={20} />
              <span className="sb:truncate">{event.away.name}</span>
            </span>
            <span className="sb:font-semibold sb:tabular-nums">{live?.awayScore ?? ""}</span>
          </span>
        ) : (
          <span className="sb:font-medium sb:text-fg">{event.name}</span>
        )}
      </RouterLink>
      {headToHead ? (
        // On a phone the "+N markets" link wraps under the prices rather than pushing them out of the card.
        <div className="sb:flex sb:min-w-0 sb:flex-wrap sb:items-center sb:justify-end sb:gap-x-1.5 sb:gap-y-1 sb:sm:gap-x-2 sb:md:w-80 sb:md:flex-nowrap">
          {market ? (
            <div role="group" aria-label={`${event.name}: ${marketName(t, market)}`} className="sb:flex sb:flex-1 sb:gap-1.5">
              {market.outcomes.map((outcome) => {
                const label = outcomeName(t, market, outcome.id, event);
                const selection = selectionOf(event, market, outcome.id, label);
                return (
                  <OddsButton
                    key={outcome.id}
                    label={label}
                    odds={outcome.odds}
                    shortLabel={outcome.id === "1" || outcome.id === "X" || outcome.id === "2" ? outcome.id : undefined}
                    selected={selection !== null && selected.has(selectionKey(selection))}
                    locked={isLocked(event, market, outcome.active)}
                    onToggle={() => selection && slip.toggle(selection)}
                  />
                );
              })}
            </div>
          ) : (
            <span className="sb:flex-1 sb:text-sm sb:text-fg-subtle">{t("odds.locked")}</span>
          )}
          {event.marketCount > 1 && (
            <RouterLink to={eventPath(t, locale, event)} className="sb:shrink-0 sb:whitespace-nowrap sb:rounded-md sb:px-1 sb:py-2 sb:sm:px-2 sb:text-xs sb:font-semibold sb:text-brand-fg sb:hover:underline">
              {t("events.more", { count: event.marketCount - 1 })}
            </RouterLink>
          )}
        </div>
      ) : (
        event.marketCount > 0 && (
          <RouterLink to={eventPath(t, locale, event)} className="sb:self-start sb:whitespace-nowrap sb:rounded-md sb:py-2 sb:text-xs sb:font-semibold sb:text-brand-fg sb:hover:underline sb:md:self-center sb:md:px-2">
            {event.marketCount === 1 && market ? marketName(t, market) : t("events.markets", { count: event.marketCount })}
          </RouterLink>
        )
      )}
    </li>
  );
}
