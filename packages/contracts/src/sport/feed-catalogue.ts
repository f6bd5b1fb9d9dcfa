import { z } from "zod";
import { FeedMessageSchema } from "./feed-messages.ts";

/**
 * The calendar's reference rows a feed producer hands over before its first fixture: categories,
 * championships and competitors (the `sport_categories`, `sport_championships` and
 * `sport_competitors` tables). The applier stores them idempotently; fixtures then name them by id.
 */
export const SportCategoryRowSchema = z.object({
  id: z.number().int().positive(),
  sportId: z.number().int().positive(),
  name: z.string().min(1).max(120),
  position: z.number().int().nonnegative(),
});
export type SportCategoryRow = z.infer<typeof SportCategoryRowSchema>;

export const SportChampionshipRowSchema = z.object({
  id: z.number().int().positive(),
  categoryId: z.number().int().positive(),
  name: z.string().min(1).max(160),
  position: z.number().int().nonnegative(),
});
export type SportChampionshipRow = z.infer<typeof SportChampionshipRowSchema>;

export const CrestSchema = z.object({
  shape: z.number().int().nonnegative(),
  primary: z.string().regex(/^#[0-9a-f]{6}$/),
  secondary: z.string().regex(/^#[0-9a-f]{6}$/),
});

export const SportCompetitorRowSchema = z.object({
  id: z.number().int().positive(),
  sportId: z.number().int().positive(),
  name: z.string().min(1).max(120),
  shortName: z.string().min(1).max(16),
  crest: CrestSchema,
});
export type SportCompetitorRow = z.infer<typeof SportCompetitorRowSchema>;

export const SportCatalogueRowsSchema = z.object({
  categories: z.array(SportCategoryRowSchema),
  championships: z.array(SportChampionshipRowSchema),
  competitors: z.array(SportCompetitorRowSchema),
});
export type SportCatalogueRows = z.infer<typeof SportCatalogueRowsSchema>;

/**
 * What a separate producer process posts to `POST /api/sport/feed/messages` (signed like a
 * provider callback): catalogue rows first when it has new ones, then messages in its order.
 */
export const FeedBatchSchema = z.object({
  catalogue: SportCatalogueRowsSchema.optional(),
  messages: z.array(FeedMessageSchema).max(2000),
});
export type FeedBatch = z.infer<typeof FeedBatchSchema>;

/** What the server posts to a separate producer's snapshot address (signed the same way). */
export const SnapshotRequestSchema = z.object({
  producer: z.enum(["prematch", "live"]),
  since: z.number().int().nonnegative(),
  requestId: z.string().min(1).max(80),
});
export type SnapshotRequest = z.infer<typeof SnapshotRequestSchema>;
