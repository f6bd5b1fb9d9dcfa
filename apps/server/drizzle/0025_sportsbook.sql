CREATE TABLE "sport_bet_legs" (
	"bet_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"event_id" bigint NOT NULL,
	"market_key" varchar(140) NOT NULL,
	"outcome_id" varchar(40) NOT NULL,
	"odds" numeric NOT NULL,
	"market_version" integer NOT NULL,
	"result" varchar(16) DEFAULT 'open' NOT NULL,
	"dead_heat_factor" numeric,
	CONSTRAINT "sport_bet_legs_bet_id_position_pk" PRIMARY KEY("bet_id","position")
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"currency" varchar(12) NOT NULL,
	"idempotency_key" varchar(80) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"system_size" smallint,
	"stake" numeric NOT NULL,
	"potential_payout" numeric NOT NULL,
	"odds_policy" varchar(16) NOT NULL,
	"is_live" boolean NOT NULL,
	"status" varchar(16) NOT NULL,
	"reject_reason" varchar(40),
	"payout" numeric,
	"settlement_count" integer DEFAULT 0 NOT NULL,
	"cancelled_by" varchar(80),
	"cancel_reason" varchar(200),
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decide_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sport_bets_stake_check" CHECK ("sport_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "sport_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_championships" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(160) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_competitors" (
	"id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"short_name" varchar(16) NOT NULL,
	"crest" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"championship_id" integer NOT NULL,
	"home_competitor_id" integer,
	"away_competitor_id" integer,
	"name" varchar(200) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"producer" varchar(16) NOT NULL,
	"live_coverage" boolean DEFAULT false NOT NULL,
	"live_state" jsonb,
	"feed_sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_feed_pending" (
	"event_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"message" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_feed_pending_event_id_sequence_pk" PRIMARY KEY("event_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "sport_markets" (
	"event_id" bigint NOT NULL,
	"market_key" varchar(140) NOT NULL,
	"market_type_id" integer NOT NULL,
	"specifiers" varchar(120) DEFAULT '' NOT NULL,
	"status" varchar(16) NOT NULL,
	"outcomes" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_markets_event_id_market_key_pk" PRIMARY KEY("event_id","market_key")
);
--> statement-breakpoint
CREATE TABLE "sport_producers" (
	"id" varchar(16) PRIMARY KEY NOT NULL,
	"status" varchar(16) NOT NULL,
	"last_alive_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"recovery_request_id" varchar(80),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_championships" ADD CONSTRAINT "sport_championships_category_id_sport_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sport_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_events" ADD CONSTRAINT "sport_events_championship_id_sport_championships_id_fk" FOREIGN KEY ("championship_id") REFERENCES "public"."sport_championships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_events" ADD CONSTRAINT "sport_events_home_competitor_id_sport_competitors_id_fk" FOREIGN KEY ("home_competitor_id") REFERENCES "public"."sport_competitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_events" ADD CONSTRAINT "sport_events_away_competitor_id_sport_competitors_id_fk" FOREIGN KEY ("away_competitor_id") REFERENCES "public"."sport_competitors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_markets" ADD CONSTRAINT "sport_markets_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_market" ON "sport_bet_legs" USING btree ("event_id","market_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bets_idempotency" ON "sport_bets" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sport_bets_player_placed" ON "sport_bets" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "sport_bets_pending" ON "sport_bets" USING btree ("decide_at") WHERE "sport_bets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sport_categories_sport" ON "sport_categories" USING btree ("sport_id","position");--> statement-breakpoint
CREATE INDEX "sport_championships_category" ON "sport_championships" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "sport_events_sport_start" ON "sport_events" USING btree ("sport_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "sport_events_championship" ON "sport_events" USING btree ("championship_id","starts_at");--> statement-breakpoint
CREATE INDEX "sport_events_live" ON "sport_events" USING btree ("status") WHERE "sport_events"."status" = 'live';