CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"identity" varchar(128) NOT NULL,
	"locale" varchar(5) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_kind_check" CHECK ("content_pages"."kind" in ('page', 'static', 'bonus', 'question'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_kind_identity_locale" ON "content_pages" USING btree ("kind","identity","locale");--> statement-breakpoint
CREATE INDEX "content_pages_kind_sort" ON "content_pages" USING btree ("kind","sort_order");