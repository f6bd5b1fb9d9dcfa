-- Trigram similarity for the catalogue's typo-tolerant search (ADR 020); PGlite loads it in its constructor.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game_collection_games" (
	"collection_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_collection_games_collection_id_game_id_pk" PRIMARY KEY("collection_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" varchar(80) NOT NULL,
	"names" jsonb NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_collections_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game_favorites" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_played" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_played_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" varchar(80) NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_providers_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game_recent_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"text" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" varchar(80) NOT NULL,
	"name" varchar(120) NOT NULL,
	"localized_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_id" uuid NOT NULL,
	"rtp" numeric(5, 2) NOT NULL,
	"volatility" varchar(8) NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"devices" text[] DEFAULT '{desktop,mobile}'::text[] NOT NULL,
	"restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_original" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"aggregator_code" varchar(120),
	"math_model" varchar(60),
	"search_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_identity_unique" UNIQUE("identity"),
	CONSTRAINT "games_volatility_check" CHECK ("games"."volatility" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_collection_id_game_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."game_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_played" ADD CONSTRAINT "game_played_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_played" ADD CONSTRAINT "game_played_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent_searches" ADD CONSTRAINT "game_recent_searches_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_collection_games_order" ON "game_collection_games" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "game_favorites_player_created" ON "game_favorites" USING btree ("player_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_played_player_last" ON "game_played" USING btree ("player_id","last_played_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "game_recent_searches_player_text" ON "game_recent_searches" USING btree ("player_id","text");--> statement-breakpoint
CREATE INDEX "game_recent_searches_player_created" ON "game_recent_searches" USING btree ("player_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_provider" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_popularity" ON "games" USING btree ("popularity" DESC NULLS LAST,"identity");--> statement-breakpoint
CREATE INDEX "games_released" ON "games" USING btree ("released_at" DESC NULLS LAST,"identity");--> statement-breakpoint
CREATE INDEX "games_search_fts" ON "games" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "games_search_trgm" ON "games" USING gin ("search_text" gin_trgm_ops);