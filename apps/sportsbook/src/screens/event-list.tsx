import type { EventListQuery, EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { EventRow } from "../components/event-row.tsx";
import { Empty, LoadError, Loading } from "../components/states.tsx";
import { applyToList, eventUpdateFrom, SPORT_LIVE_CHANNEL } from "../live-updates.ts";
import { useChannel, useResource, useServices, useT } from "../widget-context.tsx";

/** A list of events from the event list call; live events follow `sport:live`. */
export function EventList({ query, label, emptyText }: { query: Partial<EventListQuery>; label: string; emptyText?: string }) {
  const t = useT();
  const { api } = useServices();
  const key = JSON.stringify(query);
  const events = useResource<EventSummary[]>(key, (signal) => api.events(query, signal).then((page) => page.data));
  const hasLive = events.data?.some((event) => event.status === "live") ?? false;
  useChannel(hasLive ? SPORT_LIVE_CHANNEL : null, (data) => {
    const update = eventUpdateFrom(data);
    if (update) events.replace((list) => applyToList(list, update));
  });
  if (events.status === "error" && events.data === null) return <LoadError onRetry={events.reload} />;
  if (events.data === null) return <Loading />;
  if (events.data.length === 0) return <Empty>{emptyText ?? t("events.empty")}</Empty>;
  return (
    <ul aria-label={label} className="sb:flex sb:flex-col sb:gap-2">
      {events.data.map((event) => (
        <EventRow key={event.id} event={event} />
      ))}
    </ul>
  );
}
