ALTER TABLE "player_freespins" ADD COLUMN "settled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "freespin_id" uuid;--> statement-breakpoint
CREATE INDEX "player_freespins_expiry" ON "player_freespins" USING btree ("expires_at") WHERE "player_freespins"."status" in (1, 2);