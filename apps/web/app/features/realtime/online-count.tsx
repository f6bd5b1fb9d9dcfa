import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { useOnlineCount } from "./use-realtime.ts";

/**
 * "Online: 1,234" from `global:online`. Shown only while the realtime connection is up and has
 * reported a figure: a number from a dead connection would be a guess.
 */
export function OnlineCount({ className }: { className?: string }) {
  const { t } = useTranslation("notifications");
  const language = useLanguage();
  const online = useOnlineCount();
  if (online === null) return null;
  return (
    <p className={cx("inline-flex items-center gap-1.5 text-xs font-medium text-fg-muted", className)} data-online-count={online}>
      <span aria-hidden="true" className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60 motion-reduce:hidden" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      {t("online", { online: new Intl.NumberFormat(language).format(online) })}
    </p>
  );
}
