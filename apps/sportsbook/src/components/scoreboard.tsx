import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import { formatClock } from "../dates.ts";
import { useT } from "../widget-context.tsx";
import { Crest } from "./crest.tsx";

/** A live event's score, period scores and clock. */
export function Scoreboard({ event }: { event: Pick<EventSummary, "liveState" | "home" | "away" | "name"> }) {
  const t = useT();
  const live = event.liveState;
  if (!live) return null;
  const clock = formatClock(live.clockSeconds);
  return (
    <div className="sb:rounded-lg sb:bg-stage sb:p-4 sb:text-on-stage">
      <div className="sb:flex sb:items-center sb:justify-between sb:gap-3 sb:text-xs sb:text-on-stage-muted">
        <span className="sb:inline-flex sb:items-center sb:gap-1.5 sb:font-semibold sb:uppercase">
          <span aria-hidden="true" className="sb:size-2 sb:rounded-full sb:bg-error sb-live-dot" />
          {t("status.live")}
        </span>
        <span className="sb:tabular-nums">{[live.phase.replaceAll("_", " "), clock].filter(Boolean).join(" · ")}</span>
      </div>
      <div className="sb:mt-3 sb:grid sb:grid-cols-[1fr_auto_1fr] sb:items-center sb:gap-3">
        <span className="sb:flex sb:min-w-0 sb:items-center sb:gap-2">
          <Crest crest={event.home?.crest} size={32} />
          <span className="sb:truncate sb:font-semibold">{event.home?.name ?? event.name}</span>
        </span>
        <span className="sb:text-2xl sb:font-bold sb:tabular-nums" aria-live="polite">
          <bdi>{live.homeScore}</bdi> : <bdi>{live.awayScore}</bdi>
        </span>
        <span className="sb:flex sb:min-w-0 sb:flex-row-reverse sb:items-center sb:gap-2 sb:text-end">
          <Crest crest={event.away?.crest} size={32} />
          <span className="sb:truncate sb:font-semibold">{event.away?.name ?? ""}</span>
        </span>
      </div>
      {live.periodScores.length > 0 && (
        <p className="sb:mt-2 sb:text-center sb:text-xs sb:tabular-nums sb:text-on-stage-muted">{live.periodScores.map(([home, away]) => `${home}-${away}`).join("  ")}</p>
      )}
    </div>
  );
}
