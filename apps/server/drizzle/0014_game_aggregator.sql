CREATE TABLE "sandbox_aggregator_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"operator_token" varchar(64),
	"provider" varchar(64) NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"math_model" varchar(64) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"demo" boolean NOT NULL,
	"demo_balance" numeric,
	"seed" varchar(64) NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_aggregator_rounds" (
	"provider" varchar(64) NOT NULL,
	"round_id" varchar(128) NOT NULL,
	"session_token" varchar(64) NOT NULL,
	"player_id" uuid NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"status" varchar(12) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_aggregator_rounds_provider_round_id_pk" PRIMARY KEY("provider","round_id")
);
--> statement-breakpoint
CREATE TABLE "game_aggregator_sessions" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"player_id" uuid,
	"wallet_account_id" uuid,
	"currency" varchar(12) NOT NULL,
	"demo" boolean NOT NULL,
	"provider" varchar(64) NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"math_model" varchar(64) NOT NULL,
	"locale" varchar(16) NOT NULL,
	"device" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_aggregator_transactions" (
	"provider" varchar(64) NOT NULL,
	"transaction_id" varchar(128) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"round_id" varchar(128) NOT NULL,
	"session_token" varchar(64) NOT NULL,
	"player_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"currency" varchar(12) NOT NULL,
	"reference_transaction_id" varchar(128),
	"fingerprint" varchar(64) NOT NULL,
	"answer" jsonb NOT NULL,
	"ledger_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_aggregator_transactions_provider_transaction_id_pk" PRIMARY KEY("provider","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "game_aggregator_rounds" ADD CONSTRAINT "game_aggregator_rounds_session_token_game_aggregator_sessions_token_fk" FOREIGN KEY ("session_token") REFERENCES "public"."game_aggregator_sessions"("token") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_aggregator_rounds" ADD CONSTRAINT "game_aggregator_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_aggregator_sessions" ADD CONSTRAINT "game_aggregator_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_aggregator_sessions" ADD CONSTRAINT "game_aggregator_sessions_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_aggregator_sessions_player" ON "game_aggregator_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_aggregator_transactions_reference" ON "game_aggregator_transactions" USING btree ("provider","reference_transaction_id");--> statement-breakpoint
CREATE INDEX "game_aggregator_transactions_round" ON "game_aggregator_transactions" USING btree ("provider","round_id");