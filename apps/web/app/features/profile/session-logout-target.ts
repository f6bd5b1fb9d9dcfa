// Which session the confirm-session-logout modal is about. The modal's address parameter only says
// "true" (spec 2.4), so the sessions page leaves the chosen session here before opening it. It is
// kept in sessionStorage so a reload of the open modal still knows which session it asks about.
import type { SessionView } from "@playfair/contracts/player/sessions";
import { readJson, removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";

const STORAGE_KEY = "sessionLogoutTarget";

export type SessionLogoutTarget = Pick<SessionView, "id" | "device" | "browser" | "os" | "ip" | "country" | "isCurrent" | "lastActiveAt">;

function isTarget(value: unknown): value is SessionLogoutTarget {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && typeof record.isCurrent === "boolean" && typeof record.lastActiveAt === "string";
}

export function rememberSessionLogoutTarget(session: SessionLogoutTarget): void {
  const { id, device, browser, os, ip, country, isCurrent, lastActiveAt } = session;
  writeItem(storageArea("session"), STORAGE_KEY, JSON.stringify({ id, device, browser, os, ip, country, isCurrent, lastActiveAt }));
}

export function readSessionLogoutTarget(): SessionLogoutTarget | null {
  const value = readJson(storageArea("session"), STORAGE_KEY);
  return isTarget(value) ? value : null;
}

export function forgetSessionLogoutTarget(): void {
  removeItem(storageArea("session"), STORAGE_KEY);
}
