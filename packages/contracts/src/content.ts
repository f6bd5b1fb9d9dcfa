// Content pages (spec 2.2: `/:slug`, `/static/:pageIdentity`, `/bonus/:pageIdentity`,
// `/questions/:pageIdentity`): CMS data written in markdown and served as HTML rendered on the
// server. Content is data, not UI strings: a locale without its own version of a page gets the
// English version, and the answer's `locale` says which one was served.
import { z } from "zod";
import { DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES } from "./constants.ts";
import { PageMetaSchema, paginationQuerySchema } from "./pagination.ts";

/** `page` serves `/:slug`, `static` `/static/:id`, `bonus` `/bonus/:id`, `question` `/questions/:id`. */
export const CONTENT_KINDS = ["page", "static", "bonus", "question"] as const;
export const ContentKindSchema = z.enum(CONTENT_KINDS).meta({ id: "ContentKind" });
export type ContentKind = z.infer<typeof ContentKindSchema>;

/** A page's address segment: lower-case words joined by hyphens, e.g. `responsible-gaming`. */
export const CONTENT_IDENTITY_MAX_LENGTH = 128;
export const ContentIdentitySchema = z
  .string()
  .max(CONTENT_IDENTITY_MAX_LENGTH)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Expected lower-case words joined by hyphens")
  .meta({ example: "responsible-gaming" });

export const ContentLocaleSchema = z.enum(SUPPORTED_LOCALE_CODES).meta({ example: "de" });

export const ContentPageSchema = z
  .object({
    kind: ContentKindSchema,
    identity: ContentIdentitySchema,
    locale: ContentLocaleSchema.meta({ description: "The locale actually served (en when the requested one has no version)" }),
    title: z.string().min(1),
    description: z.string(),
    html: z.string().meta({ description: "The markdown body rendered to HTML; raw HTML in the markdown is escaped" }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ContentPage" });
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ContentPageParamsSchema = z.object({ kind: ContentKindSchema, identity: ContentIdentitySchema });

export const ContentLocaleQuerySchema = z.object({ locale: ContentLocaleSchema.default(DEFAULT_LOCALE) });

export const ContentPageResponseSchema = z.object({ data: ContentPageSchema }).meta({ id: "ContentPageResponse" });

export const QuestionSummarySchema = z
  .object({
    identity: ContentIdentitySchema,
    title: z.string().min(1),
    description: z.string(),
  })
  .meta({ id: "QuestionSummary" });
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

export const QuestionsQuerySchema = ContentLocaleQuerySchema.extend(paginationQuerySchema({ defaultPerPage: 20, maxPerPage: 100 }).shape);

export const QuestionsPageSchema = z
  .object({ data: z.array(QuestionSummarySchema), meta: PageMetaSchema })
  .meta({ id: "QuestionsPage" });
export type QuestionsPage = z.infer<typeof QuestionsPageSchema>;
