import { stdSerializers, type LoggerOptions } from "pino";

// What the logs may hold. Logs travel further than the database (log shippers, support tickets,
// a developer's terminal) and are kept on other terms, so by default they carry no secret and no
// personal data: pino's redaction replaces the values of the keys below, and the error serializer
// drops what database errors carry of the failing statement's values.

const REDACTED = "[redacted]";

/** Keys whose values are secrets or personal data wherever they appear in a logged object. */
const SENSITIVE_KEYS = [
  // secrets
  "password",
  "passwordHash",
  "password_confirmation",
  "currentPassword",
  "newPassword",
  "repeatNewPassword",
  "hash",
  "tokenHash",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "secret",
  "clientSecret",
  "apiKey",
  "authorization",
  "cookie",
  "cookies",
  "captcha",
  "otp",
  "securityAnswer",
  // personal data
  "email",
  "phone",
  "ip",
  "remoteAddress",
  "registrationIp",
  "firstName",
  "lastName",
  "fullName",
  "birthdate",
  "address",
  "personalIdNumber",
  "cpf_number",
  "userAgent",
  // a database error's statement values (also dropped by the error serializer)
  "params",
];

/** Header names with a hyphen need the bracket form in redaction paths. */
const SENSITIVE_HEADER_PATHS = ["headers.authorization", "headers.cookie", 'headers["set-cookie"]', 'headers["x-forwarded-for"]', 'headers["cf-connecting-ip"]'];

/** Each key at the top of a log line and up to three objects deep (`{ err: { cause: { params } } }`). */
const REDACT_PATHS: string[] = [
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
  ...SENSITIVE_HEADER_PATHS.flatMap((path) => [path, `*.${path}`]),
];

/** Properties of database errors that hold the failing statement's values, never logged. */
const DROPPED_ERROR_KEYS = ["params", "parameters", "queryOptions", "detail", "internalQuery"];
const MAX_CAUSE_DEPTH = 6;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values go, up to the stack frames if any. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) quote the refused value: `invalid input syntax
 * for type integer: "<value>"`. Quoted text of those messages is replaced.
 */
const QUOTED = /"[^"]*"/g;

function scrubText(text: unknown, isDataException: boolean): unknown {
  if (typeof text !== "string") return text;
  const withoutParams = text.replace(DRIZZLE_PARAMS, `\nparams: ${REDACTED}`);
  return isDataException ? withoutParams.replace(QUOTED, `"${REDACTED}"`) : withoutParams;
}

function scrubSerializedError(serialized: Record<string, unknown>, depth: number): Record<string, unknown> {
  const isDataException = typeof serialized.code === "string" && /^22[0-9A-Z]{3}$/.test(serialized.code);
  for (const key of DROPPED_ERROR_KEYS) if (key in serialized) delete serialized[key];
  serialized.message = scrubText(serialized.message, isDataException);
  serialized.stack = scrubText(serialized.stack, isDataException);
  const cause = serialized.cause;
  if (cause && typeof cause === "object") {
    if (depth >= MAX_CAUSE_DEPTH) delete serialized.cause;
    else scrubSerializedError(cause as Record<string, unknown>, depth + 1);
  }
  // A wrapper's message may repeat its cause's (a data exception inside a Drizzle error).
  if (cause && typeof cause === "object" && /^22[0-9A-Z]{3}$/.test(String((cause as Record<string, unknown>).code))) {
    serialized.message = scrubText(serialized.message, true);
    serialized.stack = scrubText(serialized.stack, true);
  }
  return serialized;
}

/**
 * pino's error serializer with its causes, without what a database error carries of the
 * statement's values: Drizzle's and the drivers' `params`, PostgreSQL's `detail` ("Key
 * (email)=(...) already exists") and the value a data exception quotes.
 */
export function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.errWithCause(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") return serialized;
  return scrubSerializedError(serialized as Record<string, unknown>, 0);
}

/** A URL's query values replaced (`/verify?token=[redacted]`): links carry tokens and addresses. */
export function redactUrl(url: unknown): unknown {
  if (typeof url !== "string") return url;
  const at = url.indexOf("?");
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      return pair.includes("=") ? `${name}=${REDACTED}` : name;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}

type RequestLike = { method?: string; url?: string; routeOptions?: { url?: string } };

/**
 * The pino options every logger of the server starts from (the app's and the start-up one):
 * redaction of secrets and personal data, errors without statement values, URLs without query
 * values, requests without the client's address.
 */
export function loggerOptions(options: LoggerOptions = {}): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: serializeError,
      error: serializeError,
      url: redactUrl,
      req: (request: RequestLike) => ({ method: request.method, url: redactUrl(request.url) }),
      ...options.serializers,
    },
  };
}
