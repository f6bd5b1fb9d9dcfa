CREATE TABLE "cashback_periods" (
	"template_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"paid_players" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_periods_template_id_period_start_pk" PRIMARY KEY("template_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "jurisdiction_profiles" ADD COLUMN "bonus_wagering_cap" numeric;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "issued_bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "issued_bonus_code" varchar(32);--> statement-breakpoint
ALTER TABLE "cashback_periods" ADD CONSTRAINT "cashback_periods_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "cashback_periods" ("template_id", "period_start", "period_end", "paid_players", "paid_at")
SELECT "template_id", "period_start", max("period_end"), count(*)::int, max("paid_at") FROM "cashback_payouts" GROUP BY "template_id", "period_start"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "jurisdiction_profiles" SET "bonus_wagering_cap" = 10 WHERE "country" = 'GB' AND "bonus_wagering_cap" IS NULL;
