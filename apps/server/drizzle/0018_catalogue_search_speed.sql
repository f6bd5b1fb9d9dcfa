DROP INDEX "games_search_fts";--> statement-breakpoint
DROP INDEX "games_search_trgm";--> statement-breakpoint
CREATE INDEX "games_search_fts" ON "games" USING gin (to_tsvector('simple', "search_text")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "games_search_trgm" ON "games" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);