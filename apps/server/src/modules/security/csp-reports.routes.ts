import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "@playfair/contracts/api-error";

/** A violation report is a few hundred bytes; a batch of the Reporting API a few of them. */
const REPORT_BODY_LIMIT_BYTES = 16 * 1024;
/** At most this many violations of one request are logged (a batch may hold many). */
const MAX_VIOLATIONS_PER_REQUEST = 20;
/** Each reported value is cut to this length in the log: reports come from anyone. */
const MAX_FIELD_LENGTH = 300;

const text = z.string().max(8192).optional();

/** `report-uri` (CSP level 2): one violation, kebab-case keys, content type application/csp-report. */
const LegacyReportSchema = z.object({
  "csp-report": z.object({
    "document-uri": text,
    "violated-directive": text,
    "effective-directive": text,
    "blocked-uri": text,
    "source-file": text,
    "line-number": z.number().int().optional(),
    disposition: text,
  }),
});

/** `report-to` (Reporting API): a batch, camelCase keys, content type application/reports+json. */
const ReportingApiBatchSchema = z
  .array(
    z.object({
      type: z.string().max(64),
      url: text,
      body: z
        .object({
          documentURL: text,
          effectiveDirective: text,
          blockedURL: text,
          sourceFile: text,
          lineNumber: z.number().int().optional(),
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(100);

const CspReportBodySchema = z.union([LegacyReportSchema, ReportingApiBatchSchema]).meta({ id: "CspViolationReport" });

type Violation = { directive: string; blocked: string; page: string; source: string; line: number | null; disposition: string };

function clip(value: string | undefined): string {
  if (!value) return "";
  return value.length > MAX_FIELD_LENGTH ? `${value.slice(0, MAX_FIELD_LENGTH)}…` : value;
}

/** The page without its query and fragment: addresses may carry tokens or personal data. */
function pathOf(url: string | undefined): string {
  if (!url) return "";
  try {
    return clip(new URL(url).pathname);
  } catch {
    return clip(url.split(/[?#]/)[0]);
  }
}

/** Blocked resources are reported by origin only, for the same reason; inline/eval stay as named. */
function resourceOf(url: string | undefined): string {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? clip(parsed.protocol) : clip(parsed.origin);
  } catch {
    // Keywords ("inline", "eval") and relative references: kept without any query either.
    return pathOf(url);
  }
}

function violationsOf(body: z.infer<typeof CspReportBodySchema>): Violation[] {
  if (!Array.isArray(body)) {
    const report = body["csp-report"];
    return [
      {
        directive: clip(report["effective-directive"] ?? report["violated-directive"]),
        blocked: resourceOf(report["blocked-uri"]),
        page: pathOf(report["document-uri"]),
        source: resourceOf(report["source-file"]),
        line: report["line-number"] ?? null,
        disposition: clip(report.disposition ?? "enforce"),
      },
    ];
  }
  return body
    .filter((report) => report.type === "csp-violation" && report.body)
    .map((report) => ({
      directive: clip(report.body!.effectiveDirective),
      blocked: resourceOf(report.body!.blockedURL),
      page: pathOf(report.body!.documentURL ?? report.url),
      source: resourceOf(report.body!.sourceFile),
      line: report.body!.lineNumber ?? null,
      disposition: clip(report.body!.disposition ?? "enforce"),
    }));
}

/**
 * Receives the browsers' reports of what the pages' Content-Security-Policy blocked and logs each
 * as a warning: a blocked script or connection is a feature that silently stopped working for
 * players (often an integration the operator configured), and this is how operators hear of it.
 */
export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const parseJson = (_request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      // Answered like any malformed JSON body (400 MALFORMED_JSON, error-handler.ts).
      done(Object.assign(new SyntaxError("The report is not valid JSON."), { statusCode: 400 }));
    }
  };
  app.addContentTypeParser(["application/csp-report", "application/reports+json"], { parseAs: "string", bodyLimit: REPORT_BODY_LIMIT_BYTES }, parseJson);

  app.post(
    "/csp-reports",
    {
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      schema: {
        tags: ["platform"],
        summary: "Content-Security-Policy violation reports from browsers",
        description:
          "Sent by browsers, not by the site's code: application/csp-report (report-uri) or application/reports+json (report-to). " +
          "Each violation is logged as a warning with the page path and the blocked origin.",
        body: CspReportBodySchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 413: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    (request, reply) => {
      const violations = violationsOf(request.body);
      for (const violation of violations.slice(0, MAX_VIOLATIONS_PER_REQUEST)) {
        request.log.warn({ cspViolation: violation }, "content security policy violation");
      }
      reply.status(204).send(null);
    },
  );
};
