CREATE TABLE "sport_market_settlements" (
	"event_id" bigint NOT NULL,
	"market_key" varchar(140) NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"settled_through" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_market_settlements_event_id_market_key_pk" PRIMARY KEY("event_id","market_key")
);
--> statement-breakpoint
-- Hand-written: bets still queued when this runs are settled by walking their markets (ADR 037).
INSERT INTO "sport_market_settlements" ("event_id", "market_key")
SELECT DISTINCT leg.event_id, leg.market_key
  FROM "sport_bet_settlement_queue" queued JOIN "sport_bet_legs" leg ON leg.bet_id = queued.bet_id
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "sport_bet_settlement_queue" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sport_bet_settlement_queue" CASCADE;--> statement-breakpoint
DROP INDEX "sport_bet_legs_market";--> statement-breakpoint
CREATE INDEX "sport_bet_legs_market" ON "sport_bet_legs" USING btree ("event_id","market_key","bet_id");