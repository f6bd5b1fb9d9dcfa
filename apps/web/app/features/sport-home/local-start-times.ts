// The carousels' start times in the visitor's own time zone. The server writes them in UTC (a
// cached page is shared by visitors of every zone) inside <time data-start-time>; once the page
// runs, these few lines rewrite each one from its dateTime with the browser's clock and zone, in
// the same spec 9 format, and hide the "UTC" beside it. Date's own getters read the browser's
// zone, so no date library comes to the home page for it.

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Spec 9 sportsbook date formats, in the zone of this runtime: "HH:mm" today, "DD.MM HH:mm" this year, else "DD.MM.YY, HH:mm". */
export function localStartTime(start: Date, now: Date): string {
  const time = `${twoDigits(start.getHours())}:${twoDigits(start.getMinutes())}`;
  if (start.toDateString() === now.toDateString()) return time;
  const day = `${twoDigits(start.getDate())}.${twoDigits(start.getMonth() + 1)}`;
  return start.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${day}.${twoDigits(start.getFullYear() % 100)}, ${time}`;
}

/**
 * Rewrites every start time under `root` in the browser's zone and hides the zone names written
 * beside them. The server writes every dateTime as an ISO instant. Every byte here counts against
 * the home page's JavaScript budget.
 */
export function showLocalStartTimes(root: ParentNode, now = new Date()): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[data-start-time]")) time.textContent = localStartTime(new Date(time.dateTime), now);
  for (const zone of root.querySelectorAll<HTMLElement>("[data-start-zone]")) zone.hidden = true;
}
