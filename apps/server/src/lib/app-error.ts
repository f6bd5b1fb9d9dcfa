import { ERROR_HTTP_STATUS, type ErrorCode } from "@playfair/contracts/api-error";

/**
 * The one error type domain code throws. The error handler turns it into the API's error body;
 * anything else that escapes a handler is treated as an internal error and its details hidden.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly reason: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details: { fieldErrors?: Record<string, string[]>; headers?: Record<string, string>; reason?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_HTTP_STATUS[code];
    this.fieldErrors = details.fieldErrors;
    this.headers = details.headers;
    this.reason = details.reason;
  }
}

export function notFound(message = "Not found"): AppError {
  return new AppError("NOT_FOUND", message);
}

export function validationFailed(fieldErrors: Record<string, string[]>, message = "The given data was invalid."): AppError {
  return new AppError("VALIDATION_FAILED", message, { fieldErrors });
}
