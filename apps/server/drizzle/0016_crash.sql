CREATE TABLE "crash_bets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" uuid,
	"demo" boolean NOT NULL,
	"currency" varchar(12) NOT NULL,
	"wallet_account_id" uuid,
	"amount" numeric NOT NULL,
	"auto_cashout" integer,
	"status" varchar(10) NOT NULL,
	"cashout_multiplier" integer,
	"payout" numeric,
	"balance_before" numeric NOT NULL,
	"balance_after" numeric,
	"idempotency_key" varchar(200),
	"request_fingerprint" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_status_check" CHECK ("crash_bets"."status" in ('active', 'cashed', 'lost', 'refunded')),
	CONSTRAINT "crash_bets_amount_positive" CHECK ("crash_bets"."amount" > 0),
	CONSTRAINT "crash_bets_auto_cashout_check" CHECK ("crash_bets"."auto_cashout" is null or "crash_bets"."auto_cashout" >= 101)
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed" varchar(64) NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"salt" varchar(64),
	"length" integer NOT NULL,
	"checkpoints" jsonb NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"salt_fixed_at" timestamp with time zone,
	"exhausted_at" timestamp with time zone,
	CONSTRAINT "crash_chains_used_check" CHECK ("crash_chains"."used" >= 0 and "crash_chains"."used" <= "crash_chains"."length")
);
--> statement-breakpoint
CREATE TABLE "crash_leader" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"holder" varchar(64) NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"crash_point" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"crashed_at" timestamp with time zone,
	CONSTRAINT "crash_rounds_status_check" CHECK ("crash_rounds"."status" in ('betting', 'running', 'crashed', 'cancelled')),
	CONSTRAINT "crash_rounds_point_check" CHECK ("crash_rounds"."crash_point" >= 100)
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_idempotency" ON "crash_bets" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "crash_bets_round" ON "crash_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "crash_bets_player_created" ON "crash_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_commitment" ON "crash_chains" USING btree ("commitment");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_current" ON "crash_chains" USING btree ((true)) WHERE "crash_chains"."exhausted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_position" ON "crash_rounds" USING btree ("chain_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_in_play" ON "crash_rounds" USING btree ((true)) WHERE "crash_rounds"."status" in ('betting', 'running');--> statement-breakpoint
CREATE INDEX "crash_rounds_created" ON "crash_rounds" USING btree ("created_at");