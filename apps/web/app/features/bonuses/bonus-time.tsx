// Dates and the expiry countdown of the bonus pages, shown once mounted: the server does not know
// the player's time zone or clock, and a mismatch would break hydration.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { timeLeft } from "#app/features/bonus-data/bonus-format.ts";
import { formatDateTime } from "#app/features/wallet/wallet-format.ts";

function subscribeToNothing(): () => void {
  return () => {};
}

function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

export function BonusTime({ at, className }: { at: string; className?: string }) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  return (
    <time dateTime={at} className={className}>
      {hydrated ? formatDateTime(at, i18n.language) : at.slice(0, 16).replace("T", " ")}
    </time>
  );
}

/** "2 d 4 h left", refreshed every minute; nothing before hydration. */
export function Countdown({ at }: { at: string }) {
  const { t } = useTranslation("bonuses");
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!hydrated) return null;
  const left = timeLeft(at, now);
  if (left.past) return <span className="text-error">{t("time.ended")}</span>;
  return <span data-bonus-countdown="">{left.days > 0 ? t("time.daysLeft", { days: left.days, hours: left.hours }) : t("time.hoursLeft", { hours: left.hours, minutes: left.minutes })}</span>;
}
