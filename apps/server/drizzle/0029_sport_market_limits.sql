CREATE TABLE "sport_market_limits" (
	"market_type_id" integer NOT NULL,
	"event_id" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(12) NOT NULL,
	"max_stake" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_market_limits_market_type_id_event_id_currency_pk" PRIMARY KEY("market_type_id","event_id","currency"),
	CONSTRAINT "sport_market_limits_max_stake_check" CHECK ("sport_market_limits"."max_stake" > 0)
);
--> statement-breakpoint
ALTER TABLE "sport_markets" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sport_producers" ADD COLUMN "suspended_at" timestamp with time zone;