// The "Account activity" part of the bell's Updates tab (loaded with the tab): what happened to the
// player's account lately, in the page's language. See account-activity.ts for where it comes from.
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fetchAccountEvents, type AccountEvent } from "./account-activity.ts";
import { relativeTime } from "./notification-time.ts";
import { useRealtimeEvent } from "#app/features/realtime/use-realtime.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

/** `readAt`: when the events were read, the "now" of their "5 min ago". */
type Loaded = { status: "loading" } | { status: "error" } | { status: "ready"; events: AccountEvent[]; readAt: number };

/**
 * Reads the events each time the tab is shown and again whenever a payment of the player's moves
 * while it is open (a deposit completing shows up without closing the panel); tells the tab how
 * many there are. A re-read keeps the list on screen until the new one arrives.
 */
export default function AccountActivityList({ onCount }: { onCount: (count: number) => void }) {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const { money } = useMoneyFormat();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [paymentChanges, setPaymentChanges] = useState(0);
  const titleId = useId();
  useRealtimeEvent("payment:invoices", () => setPaymentChanges((count) => count + 1));

  useEffect(() => {
    const controller = new AbortController();
    fetchAccountEvents(controller.signal).then(
      (events) => {
        setLoaded({ status: "ready", events, readAt: Date.now() });
        onCount(events.length);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The account activity could not be read", error);
        setLoaded({ status: "error" });
        onCount(0);
      },
    );
    return () => controller.abort();
  }, [onCount, paymentChanges]);

  if (loaded.status === "loading") return null;
  if (loaded.status === "error") {
    return <p className="px-3 pb-3 text-sm text-fg-muted">{t("activity.error")}</p>;
  }
  if (loaded.events.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="px-1 pb-2" data-account-activity="">
      <h3 id={titleId} className="px-2 pb-1 text-xs font-semibold tracking-[0.08em] text-fg-subtle uppercase">
        {t("activity.title")}
      </h3>
      <ul className="flex flex-col gap-0.5">
        {loaded.events.map((event) => (
          <li key={event.id} className="flex gap-3 rounded-xl px-2.5 py-2.5" data-account-event={event.kind}>
            <EventMark event={event} />
            <div className="min-w-0 flex-1">
              <p className="text-sm leading-snug font-semibold break-words">{eventText(event, t, money)}</p>
              <time dateTime={event.at} className="mt-0.5 block text-xs text-fg-subtle">
                {relativeTime(event.at, loaded.readAt, language)}
              </time>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation<"notifications">>["t"];

function eventText(event: AccountEvent, t: Translate, money: (amount: string, code: string) => string): string {
  switch (event.kind) {
    case "payment":
      return t(`activity.${event.direction}.${event.status}`, { sum: money(event.amount, event.currency) });
    case "limit":
      return event.amount && event.currency
        ? t("activity.limitWithAmount", { limit: t(`activity.limits.${event.limit}`), sum: money(event.amount, event.currency) })
        : t(`activity.limits.${event.limit}`);
    case "signIn":
      return event.isCurrent || !event.device ? t("activity.signInHere") : t("activity.signIn", { device: event.device });
  }
}

function EventMark({ event }: { event: AccountEvent }) {
  const tone =
    event.kind === "payment"
      ? event.status === "success"
        ? "bg-success-soft text-success"
        : event.status === "failed"
          ? "bg-error-soft text-error"
          : "bg-surface-muted text-fg-muted"
      : event.kind === "limit"
        ? "bg-attention-soft text-attention"
        : "bg-brand-soft text-brand-fg";
  const paths: Record<AccountEvent["kind"], ReactNode> = {
    payment: <path d="M4 8h16v10H4zM4 11h16M8 15h3" />,
    limit: <path d="M12 4l7 3v5c0 4-3 7-7 8-4-1-7-4-7-8V7z" />,
    signIn: <path d="M10 17l5-5-5-5M15 12H4M14 4h5v16h-5" />,
  };
  return (
    <span aria-hidden="true" className={cx("grid size-9 shrink-0 place-items-center rounded-full", tone)}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-[1.125rem]" focusable="false">
        {paths[event.kind]}
      </svg>
    </span>
  );
}
