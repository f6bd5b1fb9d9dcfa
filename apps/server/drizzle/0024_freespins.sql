CREATE TABLE "sandbox_aggregator_free_rounds" (
	"reference" varchar(128) PRIMARY KEY NOT NULL,
	"operator_token" varchar(64) NOT NULL,
	"provider" varchar(64) NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"spin_value" numeric NOT NULL,
	"remaining" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_aggregator_free_rounds_remaining" CHECK ("sandbox_aggregator_free_rounds"."remaining" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_freespins" ADD COLUMN "settled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_aggregator_transactions" ADD COLUMN "freespin_id" uuid;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "freespin_id" uuid;--> statement-breakpoint
CREATE INDEX "sandbox_aggregator_free_rounds_token" ON "sandbox_aggregator_free_rounds" USING btree ("operator_token","game_code");--> statement-breakpoint
CREATE INDEX "player_freespins_expiry" ON "player_freespins" USING btree ("expires_at") WHERE "player_freespins"."status" in (1, 2);