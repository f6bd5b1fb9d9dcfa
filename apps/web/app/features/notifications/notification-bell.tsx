import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, iconButtonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { HeaderPanel } from "#app/components/header-panel.tsx";
import { useRealtimeStatus } from "#app/features/realtime/use-realtime.ts";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { POPOVER_MESSAGE_COUNT, type NotificationMessage } from "./notification-api.ts";
import { BellIcon, DoubleCheckIcon, EnvelopeOpenIcon, MegaphoneIcon, TrashIcon } from "./notification-icons.tsx";
import { badgeText, hasMore, isUnread, unreadIdsAmong, type NotificationList } from "./notification-state.ts";
import {
  loadFirstPage,
  loadMore,
  markAllRead,
  markRead,
  removeMessage,
  useNotificationLists,
  type NotificationKind,
} from "./notification-store.ts";
import { relativeTime } from "./notification-time.ts";

export const NOTIFICATION_PANEL_ID = "notification-panel";

/**
 * The signed-in header's bell: the unread count on it, and a panel with the latest messages
 * (spec 9: 3, "See all" for the rest) and the push list (pages of 20). Opening the panel marks
 * what it shows as read (spec 4 "Notification read"); new messages arrive live.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const { messages } = useNotificationLists();
  // Keeps the tab's realtime connection following the session (it only exists while signed in).
  const realtime = useRealtimeStatus();

  useEffect(() => {
    if (messages.status === "idle") void loadFirstPage("messages");
  }, [messages.status]);

  const unread = messages.totalUnread ?? 0;
  const label = unread > 0 ? t("bell.labelUnread", { unread: badgeText(unread) }) : t("bell.label");
  return (
    // The connection state on a wrapper that takes no box: for tests and support tooling.
    <span className="contents" data-realtime={realtime.connection}>
    <HeaderPanel
      id={NOTIFICATION_PANEL_ID}
      label={label}
      triggerClassName="relative"
      icon={
        <>
          <BellIcon />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-notification-count={unread}
              className="absolute -end-1 -top-1 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-accent px-1 text-[0.625rem] leading-none font-bold text-on-accent ring-2 ring-canvas"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </>
      }
    >
      {(open) => <NotificationPanel open={open} />}
    </HeaderPanel>
    </span>
  );
}

function NotificationPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("notifications");
  const lists = useNotificationLists();
  const [tab, setTab] = useState<NotificationKind>("messages");

  useEffect(() => {
    if (open && tab === "pushes" && lists.pushes.status === "idle") void loadFirstPage("pushes");
  }, [open, tab, lists.pushes.status]);

  const list = lists[tab];
  const canMarkAll = (list.totalUnread ?? list.items.filter(isUnread).length) > 0;

  async function onMarkAll() {
    try {
      await markAllRead(tab);
    } catch {
      showAlert({ kind: "error", title: t("panel.markFailed") });
    }
  }

  const pushUnread = lists.pushes.totalUnread ?? 0;
  return (
    <div data-notification-panel="" className="flex flex-col">
      <div className="flex items-center gap-3 border-b border-border px-4 pt-4 pb-3">
        {/* No "online" figure here: a count of connected players says nothing about the player's notifications. */}
        <div className="min-w-0 flex-1">
          <h2 className="font-display text-lg leading-tight font-bold">{t("panel.title")}</h2>
        </div>
        <Button variant="ghost" size="sm" className="-me-2 px-3 text-brand-fg" disabled={!canMarkAll} onClick={() => void onMarkAll()} data-action="mark-all-read">
          <DoubleCheckIcon className="size-[1.125rem]" />
          {t("panel.markAllRead")}
        </Button>
      </div>
      <Tabs
        className="px-3 pt-3"
        label={t("panel.tabsLabel")}
        value={tab}
        onChange={setTab}
        items={[
          {
            value: "messages",
            label: <TabLabel text={t("panel.messages")} count={lists.messages.totalUnread ?? 0} />,
            panel: <MessageList open={open && tab === "messages"} list={lists.messages} />,
          },
          {
            value: "pushes",
            label: <TabLabel text={t("panel.pushes")} count={pushUnread} />,
            panel: <PushList open={open && tab === "pushes"} list={lists.pushes} />,
          },
        ]}
      />
      <div className="mt-1 border-t border-border px-4 py-3">
        <LocalizedLink to="/profile/settings/notifications" className="text-sm font-semibold text-brand-fg underline-offset-4 hover:underline">
          {t("panel.settings")}
        </LocalizedLink>
      </div>
    </div>
  );
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <>
      {text}
      {count > 0 ? (
        <span className="grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1.5 text-[0.6875rem] leading-none font-bold text-on-brand">{badgeText(count)}</span>
      ) : null}
    </>
  );
}

/**
 * While the list is on screen its unread items are marked read; they keep a "New" mark until the
 * panel closes, so the player still sees what was new.
 */
function useReadOnView(kind: NotificationKind, open: boolean, items: readonly NotificationMessage[], visibleCount: number): ReadonlySet<string> {
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const pending = open ? unreadIdsAmong(items, visibleCount) : [];
  const pendingKey = pending.join(",");

  // Adjusted while rendering (not in an effect), so the mark shows in the same frame.
  if (!open && fresh.size > 0) setFresh(new Set());
  if (pending.some((id) => !fresh.has(id))) setFresh(new Set([...fresh, ...pending]));

  useEffect(() => {
    if (pendingKey !== "") void markRead(kind, pendingKey.split(","));
  }, [kind, pendingKey]);

  return fresh;
}

/** The current time, ticking every 30 s while mounted (for "5 min ago"). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function MessageList({ open, list }: { open: boolean; list: NotificationList }) {
  const { t } = useTranslation("notifications");
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? list.items : list.items.slice(0, POPOVER_MESSAGE_COUNT);
  const fresh = useReadOnView("messages", open, list.items, visible.length);

  // Closing the panel folds the list back to the latest three.
  if (!open && expanded) setExpanded(false);

  async function onDelete(item: NotificationMessage) {
    try {
      await removeMessage(item.id);
    } catch {
      showAlert({ kind: "error", title: t("panel.deleteFailed") });
    }
  }

  const more = list.items.length > POPOVER_MESSAGE_COUNT || hasMore(list);
  return (
    <ListFrame
      list={list}
      kind="messages"
      footer={
        !expanded && more ? (
          <Button
            variant="secondary"
            size="sm"
            className="w-full"
            data-action="notifications-see-all"
            onClick={() => {
              setExpanded(true);
              if (list.items.length <= POPOVER_MESSAGE_COUNT && hasMore(list)) void loadMore("messages");
            }}
          >
            {t("panel.seeAll")}
          </Button>
        ) : expanded && hasMore(list) ? (
          <ShowMore loading={list.loadingMore} onClick={() => void loadMore("messages")} />
        ) : null
      }
    >
      {visible.map((item) => (
        <NotificationItem key={item.id} item={item} fresh={fresh.has(item.id)} icon={<EnvelopeOpenIcon className="size-[1.125rem]" />} onDelete={() => void onDelete(item)} />
      ))}
    </ListFrame>
  );
}

// The player's own account events load with the Updates tab, not with the header.
const AccountActivityList = lazy(() => import("./account-activity-list.tsx"));

/** The Updates tab: what happened to the account lately, then the operator's pushes. */
function PushList({ open, list }: { open: boolean; list: NotificationList }) {
  const fresh = useReadOnView("pushes", open, list.items, list.items.length);
  const [activityCount, setActivityCount] = useState(0);
  // With account events on show, "no updates yet" would be false: the empty state gives way.
  const pushesEmpty = list.status === "ready" && list.items.length === 0;
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <AccountActivityList onCount={setActivityCount} />
        </Suspense>
      ) : null}
      {pushesEmpty && activityCount > 0 ? null : (
        <ListFrame list={list} kind="pushes" footer={hasMore(list) ? <ShowMore loading={list.loadingMore} onClick={() => void loadMore("pushes")} /> : null}>
          {list.items.map((item) => (
            <NotificationItem key={item.id} item={item} fresh={fresh.has(item.id)} icon={<MegaphoneIcon className="size-[1.125rem]" />} />
          ))}
        </ListFrame>
      )}
    </>
  );
}

function ShowMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation("notifications");
  return (
    <Button variant="ghost" size="sm" className="w-full" disabled={loading} aria-busy={loading || undefined} onClick={onClick} data-action="notifications-show-more">
      {loading ? t("panel.loading") : t("panel.showMore")}
    </Button>
  );
}

function ListFrame({ list, kind, footer, children }: { list: NotificationList; kind: NotificationKind; footer: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("notifications");
  if (list.status === "idle" || (list.status === "loading" && list.items.length === 0)) {
    return (
      <div role="status" aria-label={t("panel.loading")} className="flex flex-col gap-1 px-1 pb-3">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3 px-2 py-3">
            <Skeleton shape="circle" className="size-9" />
            <div className="flex flex-1 flex-col gap-2 pt-1">
              <Skeleton shape="text" className="w-3/4" />
              <Skeleton shape="text" className="w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (list.status === "error" && list.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 pt-4 pb-6 text-center">
        <p className="text-sm text-fg-muted">{t("panel.error")}</p>
        <Button variant="secondary" size="sm" onClick={() => void loadFirstPage(kind)}>
          {t("panel.retry")}
        </Button>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 pt-5 pb-7 text-center" data-notifications-empty={kind}>
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-soft text-brand-fg ring-1 ring-brand/20">
          {kind === "messages" ? <EnvelopeOpenIcon className="size-7" /> : <MegaphoneIcon className="size-7" />}
        </span>
        <p className="mt-4 font-semibold">{t(`panel.empty.${kind}.title`)}</p>
        <p className="mt-1 max-w-64 text-sm text-pretty text-fg-muted">{t(`panel.empty.${kind}.description`)}</p>
      </div>
    );
  }
  return (
    <div className="pb-2">
      <ul className="flex max-h-[min(30rem,calc(100dvh-17rem))] flex-col gap-0.5 overflow-y-auto overscroll-contain px-1" data-notification-list={kind}>
        {children}
      </ul>
      {footer ? <div className="px-1 pt-2">{footer}</div> : null}
    </div>
  );
}

function NotificationItem({ item, fresh, icon, onDelete }: { item: NotificationMessage; fresh: boolean; icon: ReactNode; onDelete?: () => void }) {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const now = useNow();
  const unread = isUnread(item) || fresh;
  const url = item.content.url;
  return (
    <li
      data-notification-id={item.id}
      data-state={isUnread(item) ? "unread" : "read"}
      className={cx("group relative flex gap-3 rounded-xl px-2.5 py-3 transition-colors duration-150 hover:bg-surface-muted", unread && "bg-brand-soft/40")}
    >
      <span
        className={cx(
          "relative grid size-9 shrink-0 place-items-center rounded-full ring-1",
          unread ? "bg-brand-soft text-brand-fg ring-brand/25" : "bg-surface-muted text-fg-subtle ring-border",
        )}
      >
        {icon}
        {isUnread(item) ? <span className="absolute -end-0.5 -top-0.5 size-2.5 rounded-full bg-accent ring-2 ring-surface-raised" /> : null}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p className={cx("min-w-0 flex-1 text-sm leading-snug break-words", unread ? "font-bold" : "font-semibold")} dir="auto" data-notification-title="">
            {url ? <NotificationLink url={url}>{item.content.title}</NotificationLink> : item.content.title}
          </p>
          {fresh ? (
            <Badge tone="brand" className="h-5 px-2 text-[0.6875rem]">
              {t("panel.new")}
            </Badge>
          ) : null}
        </div>
        {item.content.body ? (
          <p className="mt-0.5 line-clamp-3 text-sm leading-snug break-words text-fg-muted" dir="auto">
            {item.content.body}
          </p>
        ) : null}
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-fg-subtle">
          {relativeTime(item.createdAt, now, language)}
        </time>
      </div>
      {onDelete ? (
        <button
          type="button"
          aria-label={t("panel.delete", { title: item.content.title })}
          title={t("panel.deleteShort")}
          onClick={onDelete}
          data-action="delete-notification"
          className={iconButtonClassName({
            variant: "ghost",
            size: "sm",
            className: "-me-1 size-8 self-start text-fg-subtle opacity-70 hover:text-error group-hover:opacity-100 focus-visible:opacity-100",
          })}
        >
          <TrashIcon className="size-4" />
        </button>
      ) : null}
    </li>
  );
}

/** A push's link: site paths stay in the page's language; other addresses open in a new tab. */
function NotificationLink({ url, children }: { url: string; children: ReactNode }) {
  const className = "underline-offset-4 hover:text-brand-fg hover:underline after:absolute after:inset-0 after:content-['']";
  if (url.startsWith("/") && !url.startsWith("//")) {
    return (
      <LocalizedLink to={url} className={className}>
        {children}
      </LocalizedLink>
    );
  }
  if (!/^https?:\/\//i.test(url)) return <>{children}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
