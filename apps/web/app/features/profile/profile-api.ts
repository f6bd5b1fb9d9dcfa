// The profile pages' calls (spec 7 "Player"), typed by the contracts. Every call needs a session.
import type { PasswordChangeRequestSchema } from "@playfair/contracts/player/auth";
import type { AvatarListSchema } from "@playfair/contracts/player/avatars";
import type { OtpPurpose, OtpSendResponseSchema } from "@playfair/contracts/player/otp";
import type { EditableProfileField, Profile } from "@playfair/contracts/player/profile";
import type { SessionListSchema } from "@playfair/contracts/player/sessions";
import type { SocialConnectionsResponseSchema } from "@playfair/contracts/player/social";
import type { z } from "zod";
import { apiRequest } from "#app/lib/api-client.ts";

export type SessionList = z.infer<typeof SessionListSchema>;
export type AvatarList = z.infer<typeof AvatarListSchema>;
export type SocialConnections = z.infer<typeof SocialConnectionsResponseSchema>;
export type OtpSendResponse = z.infer<typeof OtpSendResponseSchema>;
export type PasswordChange = z.infer<typeof PasswordChangeRequestSchema>;

/** What PUT /api/player/profile accepts: any editable field (text, or a flag for the opt-ins). */
export type ProfileChanges = Partial<Record<EditableProfileField, string | boolean | null>>;

/** Sessions are listed this many to a page. */
const SESSIONS_PER_PAGE = 10;

/** TanStack Query keys, so a change in one place refreshes the lists that show it. */
export const profileQueryKeys = {
  all: ["player"] as const,
  profile: ["player", "profile"] as const,
  fields: ["player", "fields", "profile"] as const,
  sessions: ["player", "sessions"] as const,
  sessionsPage: (page: number) => ["player", "sessions", page] as const,
  avatars: ["player", "avatars"] as const,
  socialConnections: ["player", "social-connections"] as const,
};

const REQUIRED = { auth: "required" } as const;

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>("/api/player/profile", { ...REQUIRED, signal });
}

export function saveProfile(changes: ProfileChanges): Promise<Profile> {
  return apiRequest<Profile>("/api/player/profile", { ...REQUIRED, method: "PUT", body: changes });
}

export function fetchSessions(page: number, signal?: AbortSignal): Promise<SessionList> {
  return apiRequest<SessionList>("/api/player/sessions", { ...REQUIRED, query: { page, perPage: SESSIONS_PER_PAGE }, signal });
}

export function closeSession(sessionId: string): Promise<unknown> {
  return apiRequest(`/api/player/sessions/${encodeURIComponent(sessionId)}/close`, { ...REQUIRED, method: "PUT" });
}

export function closeOtherSessions(): Promise<unknown> {
  return apiRequest("/api/player/sessions/close-other", { ...REQUIRED, method: "POST" });
}

export function fetchAvatars(signal?: AbortSignal): Promise<AvatarList> {
  return apiRequest<AvatarList>("/api/player/avatar/list", { ...REQUIRED, signal });
}

export function setAvatar(avatarId: string): Promise<Profile> {
  return apiRequest<Profile>("/api/player/avatar/set-avatar", { ...REQUIRED, method: "POST", body: { avatarId } });
}

export function resendEmailConfirmation(): Promise<unknown> {
  return apiRequest("/api/player/profile/confirmations/email/resend", { ...REQUIRED, method: "POST" });
}

export function changePassword(body: PasswordChange): Promise<unknown> {
  return apiRequest("/api/player/passwords", { ...REQUIRED, method: "PUT", body });
}

/** An SMS code: to `phone` (a new number) or, without it, to the player's own number. */
export function sendPhoneCode(purpose: OtpPurpose, phone?: string): Promise<OtpSendResponse> {
  return apiRequest<OtpSendResponse>("/api/player/otp/send", { ...REQUIRED, method: "POST", body: { purpose, ...(phone ? { phone } : {}) } });
}

/** An e-mail code: to `email` (a new address) or, without it, to the player's own address. */
export function sendEmailCode(purpose: OtpPurpose, email?: string): Promise<OtpSendResponse> {
  return apiRequest<OtpSendResponse>("/api/player/otp/email/send", { ...REQUIRED, method: "POST", body: { purpose, ...(email ? { email } : {}) } });
}

/** Checks a code; for the verify- and change- purposes the server applies the change too. */
export function verifyCode(body: { code: string; purpose: OtpPurpose; phone?: string; email?: string }): Promise<unknown> {
  return apiRequest("/api/player/otp/verify", { ...REQUIRED, method: "POST", body });
}

export function fetchSocialConnections(signal?: AbortSignal): Promise<SocialConnections> {
  return apiRequest<SocialConnections>("/api/player/social-connections", { ...REQUIRED, signal });
}

/** Starts linking a provider: the answer is the provider's address to send the browser to. */
export function startSocialLink(socialType: string, redirectUri: string): Promise<{ url: string }> {
  return apiRequest<{ url: string }>(`/api/player/social-connections/${encodeURIComponent(socialType)}`, {
    ...REQUIRED,
    method: "POST",
    body: { redirectUri },
    // The answer sets the cookie that binds the provider's return to this browser.
    credentials: "same-origin",
  });
}

export function unlinkSocial(socialType: string): Promise<unknown> {
  return apiRequest("/api/player/social-connections/unlink", { ...REQUIRED, method: "POST", body: { socialType } });
}

/** Links the Telegram account of the mini-app the site runs in (its signed init data). */
export function linkMessenger(initData: string): Promise<unknown> {
  return apiRequest("/api/player/social-connections/messenger", { ...REQUIRED, method: "POST", body: { tg_payload: initData } });
}
