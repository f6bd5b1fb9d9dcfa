CREATE TABLE "help_organisation_seeded_countries" (
	"country" varchar(3) PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
