import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query of every paginated list; `perPage` is capped so no page can grow past the response limit. */
export function paginationQuerySchema(options: { defaultPerPage?: number; maxPerPage?: number } = {}) {
  const maxPerPage = options.maxPerPage ?? MAX_PAGE_SIZE;
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxPerPage)
      .default(options.defaultPerPage ?? DEFAULT_PAGE_SIZE),
  });
}

export const PaginationQuerySchema = paginationQuerySchema();
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const PageMetaSchema = z
  .object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
    totalRows: z.number().int(),
  })
  .meta({ id: "PageMeta" });

export type PageMeta = z.infer<typeof PageMetaSchema>;

export function pageMeta(query: PaginationQuery, totalRows: number): PageMeta {
  return {
    page: query.page,
    perPage: query.perPage,
    totalPages: Math.max(1, Math.ceil(totalRows / query.perPage)),
    totalRows,
  };
}

/** Slices an in-memory list (reference data kept in memory) the same way a SQL page would. */
export function paginateList<T>(items: readonly T[], query: PaginationQuery): { data: T[]; meta: PageMeta } {
  const start = (query.page - 1) * query.perPage;
  return { data: items.slice(start, start + query.perPage), meta: pageMeta(query, items.length) };
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMetaSchema });
}
