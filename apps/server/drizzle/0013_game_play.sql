CREATE TABLE "game_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" uuid,
	"game_identity" varchar(80) NOT NULL,
	"game" varchar(16) NOT NULL,
	"demo" boolean NOT NULL,
	"multi_step" boolean NOT NULL,
	"currency" varchar(12) NOT NULL,
	"wallet_account_id" uuid,
	"seed_id" uuid,
	"server_seed_hash" varchar(64) NOT NULL,
	"client_seed" varchar(64) NOT NULL,
	"nonce" integer NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"algorithm_version" smallint NOT NULL,
	"params" jsonb NOT NULL,
	"hidden" jsonb,
	"outcome" jsonb,
	"stake" numeric NOT NULL,
	"payout" numeric,
	"multiplier" varchar(32),
	"status" varchar(8) NOT NULL,
	"is_big_win" boolean DEFAULT false NOT NULL,
	"balance_before" numeric NOT NULL,
	"balance_after" numeric,
	"idempotency_key" varchar(200),
	"request_fingerprint" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_status_check" CHECK ("game_rounds"."status" in ('open', 'settled', 'voided')),
	CONSTRAINT "game_rounds_stake_positive" CHECK ("game_rounds"."stake" > 0),
	CONSTRAINT "game_rounds_payout_check" CHECK ("game_rounds"."payout" is null or "game_rounds"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_seeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"game" varchar(16) NOT NULL,
	"server_seed" varchar(64) NOT NULL,
	"server_seed_hash" varchar(64) NOT NULL,
	"client_seed" varchar(64) NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "game_seeds_nonce_check" CHECK ("game_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid,
	"game_identity" varchar(80) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"demo" boolean NOT NULL,
	"wallet_account_id" uuid,
	"demo_balance" numeric,
	"demo_server_seed" varchar(64),
	"demo_client_seed" varchar(64),
	"demo_nonce" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_demo_balance_check" CHECK ("game_sessions"."demo_balance" is null or "game_sessions"."demo_balance" >= 0),
	CONSTRAINT "game_sessions_real_check" CHECK ("game_sessions"."demo" or ("game_sessions"."player_id" is not null and "game_sessions"."wallet_account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_game_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seeds" ADD CONSTRAINT "game_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_idempotency" ON "game_rounds" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_open" ON "game_rounds" USING btree ("player_id","game_identity") WHERE "game_rounds"."status" = 'open' and "game_rounds"."multi_step" and not "game_rounds"."demo";--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_open_demo" ON "game_rounds" USING btree ("session_id") WHERE "game_rounds"."status" = 'open' and "game_rounds"."multi_step" and "game_rounds"."demo";--> statement-breakpoint
CREATE INDEX "game_rounds_open" ON "game_rounds" USING btree ("created_at") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "game_rounds_player_created" ON "game_rounds" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_player_game_created" ON "game_rounds" USING btree ("player_id","game_identity","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_big_wins" ON "game_rounds" USING btree ("settled_at") WHERE "game_rounds"."is_big_win";--> statement-breakpoint
CREATE INDEX "game_rounds_seed" ON "game_rounds" USING btree ("seed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_active" ON "game_seeds" USING btree ("player_id","game") WHERE "game_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "game_seeds_player_game" ON "game_seeds" USING btree ("player_id","game","revealed_at");--> statement-breakpoint
CREATE INDEX "game_sessions_demo_expiry" ON "game_sessions" USING btree ("expires_at") WHERE "game_sessions"."demo";