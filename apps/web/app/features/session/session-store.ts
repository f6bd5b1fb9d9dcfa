// The browser's session (spec 4 "Session"): who is signed in, and every transition.
//
// - completeSignIn: every way in (password, registration, phone, social, auto-login token,
//   messenger) ends here: the access token is stored, the profile kept, other tabs told through
//   the `changeSession` storage flag, and the analytics events sent.
// - signOut: POST /api/player/sessions/logout; whatever it answers, the token, profile, return-to-
//   game record and pending sign-in flow are cleared, other tabs told, and the page goes home.
// - refresh: once at a time across tabs (refresh-coordinator.ts); a refused refresh signs out, or
//   in the messenger mini-app signs in again with Telegram's init data.
// - 401/403 on an authenticated call (spec 8): the messenger player is signed in again from the
//   app; anybody else loses the session and lands on the localized home with `?sign-in=true`.
// - cross-tab: a sign-in elsewhere while signed out here reloads the page; a sign-out elsewhere
//   while signed in here goes to the localized home.
//
// The server renders the signed-in page from the `access_token` cookie (root loader); the store
// starts from that session, so the header never flashes the guest version.
import type { AuthSession } from "@playfair/contracts/player/auth";
import type { Profile } from "@playfair/contracts/player/profile";
import { clearAuthorizationState } from "#app/features/modals/authorization-state.ts";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { trackEvent, type AnalyticsUser } from "#app/features/site-services/analytics.ts";
import { readAffiliateTag, readReferralId } from "#app/features/site-services/entry-parameters.ts";
import { clearReturnToGame } from "#app/features/site-services/return-to-game.ts";
import { readItem, readJson, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { apiRequest, isApiRequestError, registerApiSessionHooks, sendApiRequest } from "#app/lib/api-client.ts";
import { i18nFor } from "#app/lib/i18n.ts";
import { localizePath, requestedLanguage } from "#app/lib/locale.ts";
import { getSession, resetSessionForTests, setSession, type Session, type SignedInSession } from "#app/lib/session.tsx";
import { clearInitData, currentInitData, requestPlatform, requestSource } from "./messenger.ts";
import { isMessengerMode } from "./messenger-mode.ts";
import { createRefreshCoordinator, type RefreshCoordinator } from "./refresh-coordinator.ts";
import { CHANGE_SESSION_KEY } from "./session-keys.ts";
import { parseSessionSignal, registerSessionNavigator, sessionNavigator, watchOtherTabs, type SessionSignal } from "./session-watch.ts";
import { clearAccessToken, readAccessToken, writeAccessToken } from "./token-storage.ts";

export type SignInMethod = "password" | "registration" | "phone" | "social" | "token" | "telegram";

const GUEST: Session = { status: "guest" };

// ---------------------------------------------------------------------------------------------
// State: the session itself lives in lib/session.tsx, which the React tree reads; this module
// makes every transition.

export { getSession, seedSession, subscribeSession } from "#app/lib/session.tsx";
export { parseSessionSignal, reactionToSignal, registerSessionNavigator, type SessionNavigator, type SessionSignal } from "./session-watch.ts";

/** The e-mail or the phone number has been confirmed. */
export function isProfileConfirmed(profile: Pick<Profile, "emailVerified" | "phoneVerified">): boolean {
  return profile.emailVerified || profile.phoneVerified;
}

function sessionFromProfile(profile: Profile): SignedInSession {
  return { status: "signedIn", playerId: profile.id, profileConfirmed: isProfileConfirmed(profile), profile };
}

function analyticsUser(profile: Profile): AnalyticsUser {
  return { id: profile.id, email: profile.email, phone: profile.phone };
}

// ---------------------------------------------------------------------------------------------
// Navigation and messages: the navigator is the router SessionServices lends (session-watch.ts);
// without one (tests, or before hydration) the whole page is loaded instead.

function currentLanguage() {
  return requestedLanguage(typeof window === "undefined" ? "/" : window.location.pathname);
}

function goHome(signIn: boolean): void {
  if (typeof window === "undefined") return;
  const navigator = sessionNavigator();
  if (navigator) {
    navigator.goHome({ signIn });
    return;
  }
  window.location.assign(`${localizePath("/", currentLanguage())}${signIn ? "?sign-in=true" : ""}`);
}

type SessionAlertKey = "accountBlocked" | "messengerAuthFailed" | "sessionEnded";

function showSessionAlert(key: SessionAlertKey, kind: "error" | "attention" = "error"): void {
  const language = currentLanguage();
  const { t } = i18nFor(language);
  showAlert({
    kind,
    title: t(`alerts:session.${key}.title`),
    description: t(`alerts:session.${key}.description`),
    // Spec 8: the blocked-account message links to support.
    ...(key === "accountBlocked" ? { action: { label: t("alerts:session.contactSupport"), href: localizePath("/support", language) } } : {}),
    dedupeKey: `session-${key}`,
  });
}

// ---------------------------------------------------------------------------------------------
// Cross-tab signals

function randomId(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}

function signalOtherTabs(type: SessionSignal["type"]): void {
  const signal: SessionSignal = { type, at: Date.now(), nonce: randomId() };
  writeItem(storageArea("local"), CHANGE_SESSION_KEY, JSON.stringify(signal));
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** Another tab signed out while this one is signed in (spec 4): this one follows, to the home page. */
export function leaveAfterSignOutElsewhere(): void {
  if (getSession().status !== "signedIn") return;
  clearLocalState();
  goHome(false);
}

/** Everything the session leaves behind in this tab (the token is shared with the other tabs). */
function clearLocalState(): void {
  clearAccessToken();
  clearReturnToGame();
  clearAuthorizationState();
  if (getSession().status !== "guest") setSession(GUEST);
}

export type SignInContext = { method: SignInMethod; isRegistration?: boolean };

/** Every sign-in ends here (see the top of this file). */
export function completeSignIn(session: AuthSession, context: SignInContext): SignedInSession {
  writeAccessToken(session.accessToken);
  const next = sessionFromProfile(session.profile);
  setSession(next);
  signalOtherTabs("login");
  const user = analyticsUser(session.profile);
  trackEvent(context.isRegistration ? "sign_up" : "login", user, { method: context.method });
  trackEvent("session_start", user, { method: context.method });
  sessionStartTracked = true;
  return next;
}

/** The profile changed (PUT /api/player/profile answered, avatar set...): the session shows the new one. */
export function updateProfile(profile: Profile): void {
  const current = getSession();
  if (current.status !== "signedIn" || current.playerId !== profile.id) return;
  setSession(sessionFromProfile(profile));
}

let signedOutByPlayer = false;

/**
 * Signs out (spec 4): the server is told (best effort), the local session is cleared whatever it
 * answered, other tabs are told, and the page goes to the localized home.
 */
export async function signOut(): Promise<void> {
  const token = readAccessToken();
  signedOutByPlayer = true;
  try {
    await sendApiRequest("/api/player/sessions/logout", { method: "POST", credentials: "same-origin", bearer: token });
  } catch (error) {
    console.warn("Logout call failed; signing out locally", error);
  }
  clearLocalState();
  signalOtherTabs("logout");
  goHome(false);
}

/**
 * The session is over without the player asking (refresh refused, 401/403). A page the server
 * already rendered as a guest's (an expired cookie found at start) just forgets the token.
 */
function endSession(options: { offerSignIn: boolean }): void {
  const wasSignedIn = getSession().status === "signedIn";
  clearLocalState();
  if (!wasSignedIn) return;
  signalOtherTabs("logout");
  if (options.offerSignIn) showSessionAlert("sessionEnded", "attention");
  goHome(options.offerSignIn);
}

// ---------------------------------------------------------------------------------------------
// Messenger sign-in (spec 4, 7, 8)

const DEVICE_ID_KEY = "deviceId";

/** A stable random id of this browser, sent as the messenger login's device fingerprint. */
function deviceFingerprint(): string {
  const local = storageArea("local");
  const stored = readItem(local, DEVICE_ID_KEY);
  if (stored) return stored;
  const created = randomId();
  writeItem(local, DEVICE_ID_KEY, created);
  return created;
}

let messengerSignInFlight: Promise<SignedInSession | null> | null = null;

/**
 * Signs in with Telegram's init data (POST /api/player/tg_login). 403: the account is blocked
 * (error alert pointing to support); 401: the data was refused (messenger authentication alert,
 * stored init data dropped). Resolves with the session, or null.
 */
function messengerSignIn(): Promise<SignedInSession | null> {
  messengerSignInFlight ??= runMessengerSignIn().finally(() => {
    messengerSignInFlight = null;
  });
  return messengerSignInFlight;
}

async function runMessengerSignIn(): Promise<SignedInSession | null> {
  const initData = currentInitData();
  if (initData === null) return null;
  const body = {
    tg_payload: initData,
    affiliate_tag: readAffiliateTag() ?? undefined,
    ref_id: readReferralId() ?? undefined,
    fingerprint: deviceFingerprint(),
  };
  try {
    const session = await sendApiRequest<AuthSession>("/api/player/tg_login", { method: "POST", body, credentials: "same-origin", bearer: null });
    return completeSignIn(session, { method: "telegram", isRegistration: session.profile.isNewlyRegistered });
  } catch (error) {
    clearLocalState();
    if (isApiRequestError(error) && error.status === 403) {
      showSessionAlert("accountBlocked");
    } else if (isApiRequestError(error) && (error.status === 401 || error.status === 422)) {
      clearInitData();
      showSessionAlert("messengerAuthFailed");
    } else {
      console.warn("Messenger sign-in failed", error);
      showSessionAlert("messengerAuthFailed");
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Refresh

type RefreshAnswer = { accessToken: string; expiresAt: string; sessionId: string };

/** Failures that say nothing about the session: no answer, the server busy or broken. */
function isTransient(error: unknown): boolean {
  return isApiRequestError(error) && (error.status === 0 || error.status === 429 || error.status >= 500);
}

async function performRefresh(): Promise<string | null> {
  const messenger = isMessengerMode();
  const body = messenger ? { tg_payload: currentInitData() ?? undefined, affiliateTag: readAffiliateTag() ?? undefined } : {};
  try {
    const answer = await sendApiRequest<RefreshAnswer>("/api/player/sessions/refresh", { method: "POST", body, credentials: "same-origin", bearer: null });
    writeAccessToken(answer.accessToken);
    return answer.accessToken;
  } catch (error) {
    if (isTransient(error)) throw error;
    if (messenger) {
      clearAccessToken();
      const session = await messengerSignIn();
      return session ? readAccessToken() : null;
    }
    endSession({ offerSignIn: false });
    return null;
  }
}

let coordinator: RefreshCoordinator | null = null;

function refreshCoordinator(): RefreshCoordinator {
  coordinator ??= createRefreshCoordinator({ storage: storageArea("local"), readToken: readAccessToken, refresh: performRefresh });
  return coordinator;
}

/** A token fit to send (refreshed first when it expires within 10 s); null when signed out. */
function freshAccessToken(): Promise<string | null> {
  return refreshCoordinator().freshToken();
}

function onAuthFailure(): void {
  if (isMessengerMode()) {
    clearAccessToken();
    void messengerSignIn();
    return;
  }
  endSession({ offerSignIn: true });
}

if (typeof window !== "undefined") {
  registerApiSessionHooks({
    hasAccessToken: () => readAccessToken() !== null,
    freshAccessToken,
    onAuthFailure,
    requestSource,
    requestPlatform,
  });
}

// ---------------------------------------------------------------------------------------------
// Start-up

let sessionStartTracked = false;
let started = false;

/**
 * Runs once per page load in the browser (SessionServices): listens for other tabs, sends
 * session_start for a session the server rendered, and completes what the server could not:
 * a token it could not accept (expired: refreshed here), a messenger token in localStorage, or
 * a messenger player without a session (signed in from the app).
 */
export function startSessionServices(): () => void {
  if (typeof window === "undefined") return () => {};
  const stopWatching = watchOtherTabs(leaveAfterSignOutElsewhere);
  if (!started) {
    started = true;
    const current = getSession();
    if (current.status === "signedIn" && current.profile && !sessionStartTracked) {
      sessionStartTracked = true;
      trackEvent("session_start", analyticsUser(current.profile));
    }
    void restoreSession();
  }
  return stopWatching;
}

async function restoreSession(): Promise<void> {
  if (getSession().status === "signedIn") return;
  if (readAccessToken() === null) {
    if (isMessengerMode() && !signedOutByPlayer) await messengerSignIn();
    return;
  }
  try {
    const token = await freshAccessToken();
    if (token === null || getSession().status === "signedIn") return;
    const profile = await apiRequest<Profile>("/api/player/profile", { auth: "required" });
    if (readAccessToken() === null) return;
    setSession(sessionFromProfile(profile));
    if (!sessionStartTracked) {
      sessionStartTracked = true;
      trackEvent("session_start", analyticsUser(profile));
    }
  } catch (error) {
    // Spec 8: a profile that cannot be loaded at start counts as signed out.
    if (!isApiRequestError(error) || !error.sessionEnded) console.warn("The session could not be restored", error);
  }
}

/** For tests: forget everything this module remembers. */
export function resetSessionStoreForTests(): void {
  resetSessionForTests();
  started = false;
  sessionStartTracked = false;
  signedOutByPlayer = false;
  coordinator = null;
  messengerSignInFlight = null;
  registerSessionNavigator(null);
}

/** The last signal written (tests and diagnostics). */
export function readSessionSignal(): SessionSignal | null {
  const value = readJson(storageArea("local"), CHANGE_SESSION_KEY);
  return value === null ? null : parseSessionSignal(JSON.stringify(value));
}
