CREATE TABLE "jurisdiction_profiles" (
	"country" varchar(2) PRIMARY KEY NOT NULL,
	"categories" text[] NOT NULL,
	"stake_caps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_cycle_ms" integer DEFAULT 0 NOT NULL,
	"autoplay_allowed" boolean DEFAULT true NOT NULL,
	"turbo_allowed" boolean DEFAULT true NOT NULL,
	"slam_stop_allowed" boolean DEFAULT true NOT NULL,
	"celebrate_only_above_stake" boolean DEFAULT false NOT NULL,
	"show_net_position" boolean DEFAULT false NOT NULL,
	"show_time_played" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jurisdiction_seeded_countries" (
	"country" varchar(2) PRIMARY KEY NOT NULL
);
