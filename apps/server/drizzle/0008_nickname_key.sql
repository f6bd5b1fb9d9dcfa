DROP INDEX "players_nickname_unique";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "nickname_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "players_nickname_unique" ON "players" USING btree ("nickname_key");