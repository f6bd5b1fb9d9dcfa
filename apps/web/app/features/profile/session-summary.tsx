import type { SessionView } from "@playfair/contracts/player/sessions";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon, DesktopIcon, MapPinIcon, MobileIcon, TabletIcon } from "./profile-icons.tsx";
import { countryFlag, countryName, deviceKind, relativeTime, softwareLine, type DeviceKind } from "./session-display.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

type SummarySession = Pick<SessionView, "device" | "browser" | "os" | "ip" | "country" | "isCurrent" | "lastActiveAt">;

const DEVICE_ICONS: Record<DeviceKind, typeof DesktopIcon> = { desktop: DesktopIcon, mobile: MobileIcon, tablet: TabletIcon };

/** The current time, renewed every `intervalMs`, so "5 minutes ago" stays true on an open page. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function DeviceTile({ device, current, className }: { device: string | null; current: boolean; className?: string }) {
  const Icon = DEVICE_ICONS[deviceKind(device)];
  return (
    <span
      aria-hidden="true"
      className={cx(
        "relative grid size-12 shrink-0 place-items-center rounded-xl [&>svg]:size-6",
        current ? "bg-brand-soft text-brand-fg ring-1 ring-brand/25 ring-inset" : "bg-surface-muted text-fg-muted",
        className,
      )}
    >
      <Icon />
      {current ? <span className="absolute -end-0.5 -top-0.5 size-3 rounded-full bg-brand ring-2 ring-surface" /> : null}
    </span>
  );
}

/** "Chrome 131 · Windows 10", or a translated "Unknown device". */
export function useSessionTitle(session: Pick<SessionView, "browser" | "os" | "device">): string {
  const { t } = useTranslation("profile");
  const software = softwareLine(session.browser, session.os);
  if (software) return software;
  return t(`sessions.device.${deviceKind(session.device)}`);
}

/** Where and when: the country with its flag, the IP address and the last activity. */
function SessionFacts({ session, now, className }: { session: SummarySession; now: Date; className?: string }) {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  const flag = countryFlag(session.country);
  const since = relativeTime(session.lastActiveAt, now, language);
  return (
    <ul className={cx("flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-fg-muted", className)}>
      <li className="inline-flex min-w-0 items-center gap-1.5">
        {flag ? (
          <span aria-hidden="true" className="text-base leading-none">
            {flag}
          </span>
        ) : (
          <MapPinIcon className="size-4 text-fg-subtle" />
        )}
        <span className="truncate">{session.country ? countryName(session.country, language) : t("sessions.unknownCountry")}</span>
      </li>
      {session.ip ? (
        <li className="inline-flex items-center gap-1.5">
          <span className="sr-only">{t("sessions.ipLabel")}</span>
          <span dir="ltr" className="rounded-md bg-surface-muted px-1.5 py-0.5 font-mono text-[0.8125rem] text-fg-muted">
            {session.ip}
          </span>
        </li>
      ) : null}
      <li className="inline-flex items-center gap-1.5">
        <ClockIcon className="size-4 text-fg-subtle" />
        {since === null ? (
          <span className="font-medium text-success">{t("sessions.activeNow")}</span>
        ) : (
          <span>
            <time dateTime={session.lastActiveAt}>{t("sessions.lastActive", { time: since })}</time>
          </span>
        )}
      </li>
    </ul>
  );
}

/** The session as a compact card: device tile, title, "This device" badge and facts. */
export function SessionSummary({ session, className }: { session: SummarySession; className?: string }) {
  const { t } = useTranslation("profile");
  const now = useNow();
  const title = useSessionTitle(session);
  return (
    <div className={cx("flex items-start gap-3.5", className)}>
      <DeviceTile device={session.device} current={session.isCurrent} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
          <span className="min-w-0 break-words">{title}</span>
          {session.isCurrent ? <Badge tone="brand">{t("sessions.thisDevice")}</Badge> : null}
        </p>
        <SessionFacts session={session} now={now} className="mt-1.5" />
      </div>
    </div>
  );
}
