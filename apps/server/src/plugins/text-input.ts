import { VALIDATION_MESSAGES_EN } from "@playfair/contracts/validation/messages";
import { findUnusableText, type UnusableTextPath } from "@playfair/contracts/validation/text-input";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { validationFailed } from "../lib/app-error.ts";

/** ["address", 0, "city"] -> `address.0.city`, as the validator compiler names fields. */
function fieldName(path: UnusableTextPath): string {
  return path.map(String).join(".") || "_";
}

/**
 * Refuses, before any route's own validation, a request whose body, query or path parameters hold
 * a character no text field takes (NUL, other control characters, bidirectional overrides, lone
 * surrogates; see @playfair/contracts/validation/text-input): 422 with the spec's "The value
 * format is invalid" on each such field. One hook instead of a rule per field, so a field added
 * later cannot forget it. It runs after authentication (onRequest), so a guest still gets 401 first.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", (request, _reply, done) => {
      // A body that is still one string is raw bytes its route reads itself (a payment webhook,
      // checked against its signature as sent); only parsed bodies hold fields.
      const body = typeof request.body === "string" ? undefined : request.body;
      const paths = [...findUnusableText(request.params), ...findUnusableText(request.query), ...findUnusableText(body)];
      if (paths.length === 0) {
        done();
        return;
      }
      const fieldErrors: Record<string, string[]> = {};
      for (const path of paths) fieldErrors[fieldName(path)] = [VALIDATION_MESSAGES_EN.regex];
      done(validationFailed(fieldErrors));
    });
  },
  { name: "text-input" },
);
