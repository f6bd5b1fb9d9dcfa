import type { Profile } from "@playfair/contracts/player/profile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/notifications";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { useServerFieldList } from "#app/features/forms/form-data.ts";
import { saveProfile } from "#app/features/profile/profile-api.ts";
import { showErrorAlert } from "#app/features/profile/profile-errors.ts";
import { GiftBoxIcon, MailIcon, MessageIcon } from "#app/features/profile/profile-icons.tsx";
import { ProfileSection } from "#app/features/profile/profile-section.tsx";
import { SwitchRow } from "#app/features/profile/switch-row.tsx";
import { useProfileRefresh } from "#app/features/profile/use-profile-refresh.ts";
import { NOTIFICATION_SETTINGS, withSetting, type NotificationSetting } from "#app/features/profile/notification-settings.ts";
import { WebPushOptIn } from "#app/features/notifications/web-push-opt-in.tsx";
import { getSession, updateProfile } from "#app/features/session/session-store.ts";
import { useProfile } from "#app/lib/session.tsx";
import { BellIcon } from "#app/components/page-icons.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileSettingsNotifications");

const ICONS: Record<NotificationSetting, typeof MailIcon> = { receiveEmailPromo: MailIcon, receiveSmsPromo: MessageIcon, receiveBonus: GiftBoxIcon };

/** The session's profile right now (a toggle may land while another is still on its way). */
function liveProfile(): Profile | null {
  const session = getSession();
  return session.status === "signedIn" ? (session.profile ?? null) : null;
}

/**
 * Promotional e-mail, SMS and bonus preferences. Each switch changes at once (optimistic) and is
 * saved with PUT /api/player/profile; when saving fails it flips back and says so.
 */
export default function ProfileSettingsNotifications() {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const fieldList = useServerFieldList("profile");
  const { applyProfile } = useProfileRefresh();
  const [saving, setSaving] = useState<ReadonlySet<NotificationSetting>>(new Set());
  if (!profile) return null;

  // Settings the operator switched off for profiles cannot be saved; the rest always show, also
  // while the list is loading (they are the page's whole content).
  const shown = NOTIFICATION_SETTINGS.filter((setting) => fieldList.data === undefined || fieldList.list.has(setting));

  async function toggle(setting: NotificationSetting, next: boolean) {
    const before = liveProfile();
    if (!before) return;
    updateProfile(withSetting(before, setting, next));
    setSaving((current) => new Set(current).add(setting));
    try {
      const saved = await saveProfile({ [setting]: next });
      applyProfile(saved);
      showAlert({ kind: "success", title: t("notifications.saved"), dedupeKey: "notification-settings-saved" });
    } catch (error) {
      const now = liveProfile();
      if (now) updateProfile(withSetting(now, setting, !next));
      showErrorAlert(t, error);
    } finally {
      setSaving((current) => {
        const rest = new Set(current);
        rest.delete(setting);
        return rest;
      });
    }
  }

  return (
    <>
    <ProfileSection icon={<BellIcon />} title={t("notifications.title")} description={t("notifications.description")} data-profile-notifications="">
      <ul className="divide-y divide-border">
        {shown.map((setting) => {
          const Icon = ICONS[setting];
          return (
            <SwitchRow
              key={setting}
              name={setting}
              icon={<Icon />}
              label={t(`notifications.${setting}.label`)}
              description={t(`notifications.${setting}.description`)}
              checked={profile[setting]}
              busy={saving.has(setting)}
              onChange={(next) => void toggle(setting, next)}
            />
          );
        })}
      </ul>
      <p className="mt-5 rounded-lg bg-surface-muted px-4 py-3 text-sm text-fg-muted">{t("notifications.note")}</p>
    </ProfileSection>
    <WebPushOptIn />
    </>
  );
}
