import { z } from "zod";

/**
 * Every failure of the API answers with one body shape. The code is machine readable and
 * stable; the message is for people; `errors` maps a field to its messages for validation.
 */
export const ERROR_HTTP_STATUS = {
  /** The request is syntactically wrong in a way that is not about one field. */
  BAD_REQUEST: 400,
  /** The body claims to be JSON but cannot be parsed. */
  MALFORMED_JSON: 400,
  /** No valid session token accompanied a call that needs one. */
  UNAUTHORIZED: 401,
  /** The player is known but may not do this (blocked, self-excluded, wrong role). */
  FORBIDDEN: 403,
  /**
   * A deposit limit leaves no room (spec 8: deposit methods error code 13100; `reason` carries
   * "13100"). The client empties the methods, sets the limit-reached flag and reloads the limits.
   */
  DEPOSIT_LIMIT_REACHED: 403,
  /**
   * A self-excluded or cooling-off player is signed in to restricted mode and asked for something
   * it does not allow (a deposit, play, a bonus, a profile change). `reason` is selfExcluded or
   * coolingOff. It refuses the action, not the session: the client stays signed in.
   */
  RESTRICTED_MODE: 403,
  /** The path or the addressed resource does not exist. */
  NOT_FOUND: 404,
  /** The path exists but not for this HTTP method. */
  METHOD_NOT_ALLOWED: 405,
  /** The request (headers and body) did not arrive within the server's time limit. */
  REQUEST_TIMEOUT: 408,
  /** The request conflicts with current state (duplicate, idempotency key reused with other input). */
  CONFLICT: 409,
  /** The body is larger than the configured limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body has a content type the endpoint does not accept. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** One or more fields failed validation; see `errors`. */
  VALIDATION_FAILED: 422,
  /** Too many requests from this client; see the Retry-After header. */
  RATE_LIMITED: 429,
  /** The request's headers are larger than the server accepts. */
  HEADERS_TOO_LARGE: 431,
  /** An unexpected failure; details are logged under the trace id, never returned. */
  INTERNAL_ERROR: 500,
  /** A dependency (the database) is unreachable; retrying later may succeed. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

/** Spec 8: the deposit-methods error code of a reached deposit limit, sent as `reason`. */
export const DEPOSIT_LIMIT_REACHED_REASON = "13100";

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const ApiErrorSchema = z
  .object({
    status: z.number().int().meta({ description: "HTTP status, repeated for clients that lose it" }),
    code: ErrorCodeSchema,
    message: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Field name to its validation messages (validation failures only)" }),
    reason: z
      .string()
      .optional()
      .meta({ description: "Machine-readable detail of some codes, e.g. blocked or selfExcluded on a 403 sign-in" }),
    traceId: z.string().meta({ description: "The request's x-trace-id, for support" }),
  })
  .meta({ id: "ApiError" });

export type ApiError = z.infer<typeof ApiErrorSchema>;
