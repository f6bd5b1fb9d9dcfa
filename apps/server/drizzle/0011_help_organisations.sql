CREATE TABLE "help_organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" varchar(3) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" varchar(500),
	"phone" varchar(40),
	"url" varchar(300),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "help_organisations_country_sort" ON "help_organisations" USING btree ("country","sort_order");