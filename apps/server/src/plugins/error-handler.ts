import type { ApiError, ErrorCode } from "@playfair/contracts/api-error";
import { ERROR_HTTP_STATUS } from "@playfair/contracts/api-error";
import { localizeValidationMessage, validationMessagesForAcceptLanguage } from "@playfair/contracts/validation/localize";
import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { zodIssueMessage } from "@playfair/contracts/validation/zod-issues";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from "fastify";
import fp from "fastify-plugin";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import type { z } from "zod";
import { isDatabaseUnavailableError } from "../db/database.ts";
import { AppError } from "../lib/app-error.ts";

/** A request part (body, querystring, params, headers) that failed its route's zod schema. */
class RequestValidationError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(issues: readonly z.core.$ZodIssue[]) {
    super("The given data was invalid.");
    this.name = "RequestValidationError";
    this.issues = issues;
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Validates request parts against their zod schemas with the spec's messages: a missing value is
 * "Value is required" whatever the schema says about wrong ones, and a wrong value gets the
 * schema's own message or else the catalogue's (zodIssueMessage), never zod's "Invalid input:
 * expected string, received undefined".
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A request without a body reaches the body's validator as null: an optional body is then absent.
    const input = httpPart === "body" && data === null ? undefined : data;
    const result = schema.safeParse(input, { error: zodIssueMessage });
    if (result.success) return { value: result.data };
    const issues = result.error.issues.map((issue) => {
      const value = valueAt(data, issue.path);
      return value === undefined || value === null ? { ...issue, message: VALIDATION_MESSAGES_EN.required } : issue;
    });
    return { error: new RequestValidationError(issues) };
  };

export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  fieldErrors?: Record<string, string[]>,
  reason?: string,
) {
  const body: ApiError = { status: ERROR_HTTP_STATUS[code], code, message, traceId: request.id };
  if (fieldErrors) body.errors = localizeFieldErrors(fieldErrors, request.headers["accept-language"]);
  if (reason) body.reason = reason;
  return reply.status(body.status).type("application/json; charset=utf-8").send(body);
}

/**
 * Every field message in the caller's language (Accept-Language; English without one). The
 * messages arrive as English catalogue texts from whichever layer validated; texts outside the
 * catalogue pass unchanged.
 */
function localizeFieldErrors(fieldErrors: Record<string, string[]>, acceptLanguage: string | undefined): Record<string, string[]> {
  const messages = validationMessagesForAcceptLanguage(acceptLanguage);
  const localized: Record<string, string[]> = {};
  for (const [field, texts] of Object.entries(fieldErrors)) localized[field] = texts.map((text) => localizeValidationMessage(text, messages));
  return localized;
}

/** ["address", 0, "city"] -> `address.0.city`: clients map errors onto form fields by name. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".") || "_";
}

/** Never the path or method: an answer that repeats the request helps reflected attacks, not callers. */
export const NOT_FOUND_MESSAGE = "No API endpoint answers this request.";

function toApiError(error: FastifyError | AppError | Error): { code: ErrorCode; message: string; fieldErrors?: Record<string, string[]> } {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
  }
  if (error instanceof RequestValidationError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) (fieldErrors[fieldName(issue.path)] ??= []).push(issue.message);
    return { code: "VALIDATION_FAILED", message: "The given data was invalid.", fieldErrors };
  }
  if (isDatabaseUnavailableError(error)) {
    return { code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable. Please try again shortly." };
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { code: "MALFORMED_JSON", message: "The request body is not valid JSON." };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { code: "UNSUPPORTED_MEDIA_TYPE", message: "The request content type is not supported." };
    default:
      break;
  }
  // JSON.parse failures reach us as a SyntaxError with a 400 status set by the content parser.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { code: "MALFORMED_JSON", message: "The request body is not valid JSON." };
  }
  if (fastifyError.statusCode === 429) return { code: "RATE_LIMITED", message: "Too many requests. Please slow down." };
  // Framework messages may quote the request (its path, its content type): the answer says what
  // kind of failure it was, the log line keeps the detail.
  if (fastifyError.statusCode === 404) return { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE };
  if (fastifyError.statusCode === 408) return { code: "REQUEST_TIMEOUT", message: "The request did not arrive in time." };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { code: "BAD_REQUEST", message: "The request is malformed." };
  }
  return { code: "INTERNAL_ERROR", message: "Something went wrong on our side. Please try again later." };
}

function isAbortedByClient(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === "ECONNRESET" && error.message === "aborted" && request.raw.socket?.destroyed !== false;
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (`/api/%zz`) or an over-long path
 * parameter. These requests skip the onRequest hooks, so the trace id header is set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: "BAD_REQUEST", reason: error.code }, "request rejected");
  reply.header("x-trace-id", request.id);
  return sendApiError(request, reply, "BAD_REQUEST", "The request path is not valid.");
}

/** One place turns every failure into the API's error body; 5xx details go to the log only. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, "response did not match its schema");
      }
      // Node aborts a request whose client went away (or whose time ran out) while its body was
      // read: nobody is left to answer, and the ECONNRESET inside is the client's, not the database's.
      const { code, message, fieldErrors } = isAbortedByClient(error, request)
        ? { code: "BAD_REQUEST" as const, message: "The request was aborted before it arrived.", fieldErrors: undefined }
        : toApiError(error);
      const status = ERROR_HTTP_STATUS[code];
      if (status >= 500) request.log.error({ err: error, code }, "request failed");
      else request.log.info({ code, reason: error.message }, "request rejected");
      if (error instanceof AppError && error.headers) reply.headers(error.headers);
      return sendApiError(request, reply, code, message, fieldErrors, error instanceof AppError ? error.reason : undefined);
    });

    app.setNotFoundHandler((request, reply) => sendApiError(request, reply, "NOT_FOUND", NOT_FOUND_MESSAGE));
  },
  { name: "error-handler" },
);
