import type { Profile } from "@playfair/contracts/player/profile";

/** The promotional preferences of the notification settings page, in the order shown. */
export const NOTIFICATION_SETTINGS = ["receiveEmailPromo", "receiveSmsPromo", "receiveBonus"] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

/** The profile with one preference set, leaving the rest as they are (for optimistic updates and their rollback). */
export function withSetting(profile: Profile, setting: NotificationSetting, value: boolean): Profile {
  return { ...profile, [setting]: value };
}
