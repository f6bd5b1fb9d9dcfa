// The browser's one way to call the HTTP API (spec 7):
//
// - JSON in and out; `Authorization: Bearer <access token>` when signed in (refreshed first when it
//   expires within 10 s), `x-trace-id` (a fresh UUID per call), `source` (the site's origin, or the
//   messenger bot URL) and `platform` (web or tg);
// - `credentials: "omit"`: the refresh-token cookie only travels on the two calls that need it
//   (refresh and logout pass `credentials: "same-origin"`);
// - 10 s timeout, no retry, a warning when an answer takes longer than 2000 ms or never comes;
// - a non-2xx answer throws ApiRequestError with the error body's code, message, field errors and
//   reason. 401 or 403 on a call that carried a token also ends the session (spec 8): the session
//   layer re-logs a messenger player in, or signs the visitor out and offers the sign-in window.
//   Such errors are marked `sessionEnded` so screens and error boundaries treat them as handled.
import type { ErrorCode } from "@playfair/contracts/api-error";
import { REQUEST_TIMEOUT_MS, SLOW_RESPONSE_WARNING_MS } from "@playfair/contracts/constants";
import { currentApiSessionHooks, loadApiSessionHooks } from "./api-session-hooks.ts";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
export type QueryValue = string | number | boolean | undefined;

export type ApiRequestOptions = {
  method?: ApiMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * required: a call for signed-in players (no token = 401 without asking the server);
   * optional (default): the token goes along when there is one; none: never sent (the default
   * for the sign-in, registration, refresh and logout calls).
   */
  auth?: "required" | "optional" | "none";
  /** Only refresh and logout send the refresh cookie. */
  credentials?: "same-origin";
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried payment safe. */
  headers?: Record<string, string>;
};

/** Codes the client itself gives failures that have no answer from the server. */
export type ClientErrorCode = "NETWORK_ERROR" | "TIMEOUT";

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly fieldErrors: Record<string, string[]>;
  readonly reason?: string;
  readonly traceId?: string;
  /** The session layer has already acted on this 401/403 (signed out or re-logged in). */
  sessionEnded: boolean;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    fieldErrors?: Record<string, string[]>;
    reason?: string;
    traceId?: string;
  }) {
    super(init.message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.traceId !== undefined) this.traceId = init.traceId;
    this.sessionEnded = false;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * What the session layer lends the client (registered by features/session/session-store.ts,
 * which knows where the token is kept and whether this is the messenger mini-app).
 */
export { registerApiSessionHooks, type ApiSessionHooks } from "./api-session-hooks.ts";

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "RATE_LIMITED",
  431: "HEADERS_TOO_LARGE",
  503: "SERVICE_UNAVAILABLE",
};

function codeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fieldErrorsFrom(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((message): message is string => typeof message === "string");
    else if (typeof messages === "string") errors[field] = [messages];
  }
  return errors;
}

/** Builds the error of a non-2xx answer from its body (the API's error body, or anything else). */
export function errorFromResponse(status: number, body: unknown, traceId: string | undefined): ApiRequestError {
  const record = isRecord(body) ? body : {};
  const code = typeof record.code === "string" && record.code !== "" ? (record.code as ErrorCode) : codeForStatus(status);
  const message = typeof record.message === "string" && record.message !== "" ? record.message : `Request failed with status ${status}`;
  const bodyTraceId = typeof record.traceId === "string" ? record.traceId : undefined;
  return new ApiRequestError({
    status,
    code,
    message,
    fieldErrors: fieldErrorsFrom(record.errors),
    ...(typeof record.reason === "string" ? { reason: record.reason } : {}),
    ...((bodyTraceId ?? traceId) !== undefined ? { traceId: bodyTraceId ?? traceId } : {}),
  });
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === "") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function newTraceId(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "TimeoutError";
}

type SendOptions = Omit<ApiRequestOptions, "auth"> & { bearer: string | null };

/**
 * Calls whose answer sets the refresh-token cookie (every sign-in), or that need it sent. A fetch
 * with `credentials: "omit"` would also ignore the answer's Set-Cookie, so these always use
 * "same-origin", whoever calls them.
 */
const REFRESH_COOKIE_PATH = /^\/api\/player\/(?:register(?:\/phone)?|sessions(?:\/(?:token|social|refresh|logout))?|tg_login)(?:[?#]|$)/;

/** All of them are POSTs; GET /api/player/sessions (the session list) is an ordinary call. */
function isRefreshCookieCall(path: string, method: ApiMethod): boolean {
  return method === "POST" && REFRESH_COOKIE_PATH.test(path);
}

export function credentialsFor(path: string, method: ApiMethod, requested: "same-origin" | undefined): RequestCredentials {
  return requested ?? (isRefreshCookieCall(path, method) ? "same-origin" : "omit");
}

/**
 * One HTTP call with the spec's headers, timeout and error mapping, and nothing about sessions.
 * The session layer uses it directly for refresh, logout and messenger login.
 */
export async function sendApiRequest<T>(path: string, options: SendOptions): Promise<T> {
  const method = options.method ?? "GET";
  // Synchronous when the hooks are at hand, so the call starts in the caller's tick.
  const sessionHooks = currentApiSessionHooks() ?? (await loadApiSessionHooks());
  const traceId = newTraceId();
  const headers: Record<string, string> = { ...options.headers, accept: "application/json", "x-trace-id": traceId, platform: sessionHooks.requestPlatform() };
  const source = sessionHooks.requestSource();
  if (source !== null) headers.source = source;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  // The server words field errors in the Accept-Language; the page's language, not the browser's, is the one shown.
  const pageLanguage = typeof document === "undefined" ? "" : document.documentElement.lang;
  if (pageLanguage) headers["accept-language"] = pageLanguage;
  let body: string | undefined;
  if (method !== "GET") {
    // Cookie-authenticated calls require a JSON content type (S6), so every write sends one.
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const url = apiUrl(path, options.query);
  const startedAt = performance.now();

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal, credentials: credentialsFor(path, method, options.credentials) });
  } catch (error) {
    // The caller cancelled: not a failure of the API, and not ours to report.
    if (options.signal?.aborted && !timeout.aborted) throw error;
    const timedOut = timeout.aborted || isTimeoutError(error);
    console.warn(`No response from ${method} ${path}`, { traceId, timedOut });
    throw new ApiRequestError({
      status: 0,
      code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
      message: timedOut ? `${method} ${path} timed out after ${REQUEST_TIMEOUT_MS} ms` : `${method} ${path} got no response`,
      traceId,
    });
  }
  const elapsed = performance.now() - startedAt;
  if (elapsed > SLOW_RESPONSE_WARNING_MS) console.warn(`Slow response: ${method} ${path} took ${Math.round(elapsed)} ms`, { traceId });

  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch (error) {
    if (isAbortError(error) && options.signal?.aborted) throw error;
    throw new ApiRequestError({ status: response.status, code: "NETWORK_ERROR", message: `${method} ${path}: the answer was cut off`, traceId });
  }
  if (!response.ok) throw errorFromResponse(response.status, parsed, response.headers.get("x-trace-id") ?? traceId);
  return parsed as T;
}

/**
 * A 403 that refuses one action, not the session: a reached deposit limit (spec 8, 13100) empties
 * the deposit methods, and restricted mode (a self-exclusion or cooling-off) refuses what it does
 * not allow; both must leave the player signed in.
 */
function isRefusalOfAction(error: ApiRequestError): boolean {
  return error.status === 403 && (error.code === "DEPOSIT_LIMIT_REACHED" || error.code === "RESTRICTED_MODE");
}

/**
 * Calls the API (see the top of this file). Resolves with the parsed JSON body (undefined for
 * 204); rejects with ApiRequestError, or the caller's AbortError when it cancelled.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  // A sign-in call carries no old token: its 401 ("wrong password") says nothing about a session.
  const auth = options.auth ?? (isRefreshCookieCall(path, options.method ?? "GET") ? "none" : "optional");
  const { auth: _auth, ...rest } = options;
  const sessionHooks = currentApiSessionHooks() ?? (await loadApiSessionHooks());
  let bearer: string | null = null;
  if (auth !== "none" && sessionHooks.hasAccessToken()) bearer = await sessionHooks.freshAccessToken();
  if (auth === "required" && bearer === null) {
    throw new ApiRequestError({ status: 401, code: "UNAUTHORIZED", message: "Sign in to continue." });
  }
  try {
    return await sendApiRequest<T>(path, { ...rest, bearer });
  } catch (error) {
    if (bearer !== null && error instanceof ApiRequestError && (error.status === 401 || error.status === 403) && !isRefusalOfAction(error)) {
      error.sessionEnded = true;
      sessionHooks.onAuthFailure(error.status);
    }
    throw error;
  }
}
