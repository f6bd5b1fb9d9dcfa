CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" varchar(96) NOT NULL,
	"locale" varchar(5) NOT NULL,
	"phone_code" varchar(16),
	"is_selectable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"symbol" varchar(12) NOT NULL,
	"rate" numeric NOT NULL,
	"rate_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subunit_to_unit" numeric NOT NULL,
	"sub_currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_type_check" CHECK ("currencies"."type" in ('fiat', 'crypto')),
	CONSTRAINT "currencies_rate_positive" CHECK ("currencies"."rate" > 0),
	CONSTRAINT "currencies_subunit_positive" CHECK ("currencies"."subunit_to_unit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"code" varchar(5) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"direction" varchar(3) DEFAULT 'ltr' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "locales_direction_check" CHECK ("locales"."direction" in ('ltr', 'rtl'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_single_base" ON "currencies" USING btree ("is_base") WHERE "currencies"."is_base";--> statement-breakpoint
CREATE UNIQUE INDEX "locales_single_default" ON "locales" USING btree ("is_default") WHERE "locales"."is_default";