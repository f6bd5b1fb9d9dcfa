// Web push (the browser's own notifications, spec 7 "service worker"): permission, the service
// worker at /sw.js, a PushManager subscription made with the server's VAPID key, and the
// subscription registered with the server (POST/DELETE /api/notification/web-push/subscriptions).
import { SERVICE_WORKER_SCRIPT } from "@playfair/contracts/notification-constants";
import { apiRequest, isApiRequestError } from "#app/lib/api-client.ts";
const SUBSCRIPTIONS = "/api/notification/web-push/subscriptions";

export type WebPushState =
  /** This browser has no push (old browsers, iOS Safari outside a home-screen app, private modes). */
  | "unsupported"
  /** Push needs a secure page (https or localhost). */
  | "insecure"
  /** The server has no VAPID key configured. */
  | "unavailable"
  /** The player blocked notifications for the site; only the browser's settings can undo it. */
  | "denied"
  | "subscribed"
  | "unsubscribed";

export type WebPushEnvironment = {
  isSecureContext: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | null;
};

function browserEnvironment(): WebPushEnvironment {
  return {
    isSecureContext: window.isSecureContext,
    hasServiceWorker: "serviceWorker" in navigator,
    hasPushManager: "PushManager" in window,
    hasNotification: "Notification" in window,
    permission: "Notification" in window ? Notification.permission : null,
  };
}

/** What the browser allows before asking anything (subscription state aside). */
export function environmentState(environment: WebPushEnvironment): WebPushState | null {
  if (!environment.hasServiceWorker || !environment.hasPushManager || !environment.hasNotification) {
    return environment.isSecureContext ? "unsupported" : "insecure";
  }
  if (!environment.isSecureContext) return "insecure";
  if (environment.permission === "denied") return "denied";
  return null;
}

/** The VAPID key as the bytes PushManager.subscribe wants (it is sent base64url-encoded). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function currentWebPushState(): Promise<WebPushState> {
  const limited = environmentState(browserEnvironment());
  if (limited) return limited;
  try {
    return (await existingSubscription()) ? "subscribed" : "unsubscribed";
  } catch {
    return "unsubscribed";
  }
}

/** Asks permission, subscribes and tells the server; resolves with the new state. */
export async function enableWebPush(): Promise<WebPushState> {
  const limited = environmentState(browserEnvironment());
  if (limited) return limited;
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "unsubscribed";

  let publicKey: string;
  try {
    ({ publicKey } = await apiRequest<{ publicKey: string }>("/api/notification/web-push/key", { auth: "required" }));
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 404 || error.status === 503)) return "unavailable";
    throw error;
  }
  if (!publicKey) return "unavailable";

  await navigator.serviceWorker.register(SERVICE_WORKER_SCRIPT, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  const json = subscription.toJSON();
  await apiRequest(SUBSCRIPTIONS, {
    method: "POST",
    auth: "required",
    body: { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys },
  });
  return "subscribed";
}

/** Ends the browser's subscription and forgets it on the server. */
export async function disableWebPush(): Promise<WebPushState> {
  const subscription = await existingSubscription();
  if (subscription) {
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    try {
      await apiRequest(SUBSCRIPTIONS, { method: "DELETE", auth: "required", body: { endpoint } });
    } catch (error) {
      // The browser no longer has it, so the server's next send to it fails and drops it anyway.
      console.warn("The push subscription could not be removed on the server", error);
    }
  }
  return "unsubscribed";
}
