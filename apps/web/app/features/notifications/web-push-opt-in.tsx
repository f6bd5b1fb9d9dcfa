import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { ProfileSection } from "#app/features/profile/profile-section.tsx";
import { BellIcon } from "./notification-icons.tsx";
import { currentWebPushState, disableWebPush, enableWebPush, type WebPushState } from "./web-push.ts";

const TONES: Record<WebPushState, BadgeTone> = {
  subscribed: "success",
  unsubscribed: "neutral",
  denied: "error",
  unsupported: "neutral",
  insecure: "neutral",
  unavailable: "neutral",
};

/**
 * Browser notifications on this device: the current state, and the button that asks permission
 * and subscribes (or unsubscribes). Browsers without push are told so plainly, with no button.
 */
export function WebPushOptIn() {
  const { t } = useTranslation("notifications");
  const [state, setState] = useState<WebPushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void currentWebPushState().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, []);

  async function change(action: () => Promise<WebPushState>, successKey: "enabled" | "disabled") {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      if (next === "subscribed" || (successKey === "disabled" && next === "unsubscribed")) {
        showAlert({ kind: "success", title: t(`webPush.${successKey}`), dedupeKey: "web-push" });
      }
    } catch (error) {
      console.warn("Web push could not be changed", error);
      showAlert({ kind: "error", title: t("webPush.failed"), dedupeKey: "web-push" });
    } finally {
      setBusy(false);
    }
  }

  const canToggle = state === "subscribed" || state === "unsubscribed";
  return (
    <ProfileSection
      icon={<BellIcon />}
      title={t("webPush.title")}
      description={t("webPush.description")}
      data-web-push={state ?? "checking"}
      action={
        state === null ? null : (
          <Badge tone={TONES[state]} data-web-push-state={state}>
            {t(`webPush.badge.${state}`)}
          </Badge>
        )
      }
    >
      <div className="flex flex-col gap-4 rounded-lg bg-surface-muted px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-pretty text-fg-muted" role="status">
          {state === null ? t("webPush.checking") : t(`webPush.state.${state}`)}
        </p>
        {canToggle ? (
          state === "subscribed" ? (
            <Button variant="secondary" size="sm" disabled={busy} aria-busy={busy || undefined} onClick={() => void change(disableWebPush, "disabled")} data-action="web-push-disable">
              {t("webPush.disable")}
            </Button>
          ) : (
            <Button size="sm" disabled={busy} aria-busy={busy || undefined} onClick={() => void change(enableWebPush, "enabled")} data-action="web-push-enable">
              {t("webPush.enable")}
            </Button>
          )
        ) : null}
      </div>
    </ProfileSection>
  );
}
