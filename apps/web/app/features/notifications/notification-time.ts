const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", in the page's language; "" for an unreadable date. */
export function relativeTime(iso: string, now: number, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  let value = (at - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto", style: "short" });
  if (Math.abs(value) < 45) return format.format(0, "second");
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return "";
}
