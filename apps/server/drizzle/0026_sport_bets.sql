ALTER TABLE "sport_bet_legs" ADD COLUMN "cancelled_by" varchar(80);--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD COLUMN "cancel_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "sport_bets" ADD COLUMN "slip_fingerprint" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sport_bets_player_status" ON "sport_bets" USING btree ("player_id","status","placed_at");