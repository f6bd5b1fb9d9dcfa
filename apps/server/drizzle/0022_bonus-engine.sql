CREATE TABLE "bonus_claims" (
	"template_id" uuid NOT NULL,
	"fingerprint_kind" varchar(16) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"template_id" uuid NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bonus_package_steps" (
	"package_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"template_id" uuid NOT NULL,
	CONSTRAINT "bonus_package_steps_range" CHECK ("bonus_package_steps"."step" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "bonus_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"title" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_packages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bonus_stakes" (
	"stake_key" varchar(200) PRIMARY KEY NOT NULL,
	"player_bonus_id" uuid NOT NULL,
	"cash_part" numeric NOT NULL,
	"bonus_part" numeric NOT NULL,
	"counted" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonus_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"page_identity" varchar(120),
	"reward" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"per_player_limit" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_templates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cashback_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" varchar(12) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"net_loss" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"player_bonus_id" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonus_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"bonus_code_id" uuid,
	"code" varchar(32) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"status" smallint NOT NULL,
	"player_bonus_id" uuid,
	"player_freespin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"currency" varchar(12) NOT NULL,
	"template_id" uuid NOT NULL,
	"package_id" uuid,
	"package_step" smallint,
	"source" varchar(16) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"amount" numeric NOT NULL,
	"deposit_amount" numeric DEFAULT '0' NOT NULL,
	"invoice_id" uuid,
	"freespin_id" uuid,
	"terms" jsonb NOT NULL,
	"wagering_multiplier" numeric NOT NULL,
	"wagering_required" numeric NOT NULL,
	"wagered" numeric DEFAULT '0' NOT NULL,
	"max_bet" numeric,
	"max_conversion" numeric,
	"converted_amount" numeric DEFAULT '0' NOT NULL,
	"forfeited_amount" numeric DEFAULT '0' NOT NULL,
	"issue_session_id" varchar(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_bonuses_status_check" CHECK ("player_bonuses"."status" in (1, 2, 3)),
	CONSTRAINT "player_bonuses_result_check" CHECK ("player_bonuses"."result" between 1 and 5),
	CONSTRAINT "player_bonuses_amounts_check" CHECK ("player_bonuses"."amount" > 0 and "player_bonuses"."wagered" >= 0 and "player_bonuses"."wagering_required" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_freespins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"currency" varchar(12) NOT NULL,
	"template_id" uuid NOT NULL,
	"package_id" uuid,
	"source" varchar(16) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"game_identity" varchar(80) NOT NULL,
	"count" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"spin_value" numeric NOT NULL,
	"winnings" numeric DEFAULT '0' NOT NULL,
	"external_reference" varchar(120),
	"terms" jsonb NOT NULL,
	"issue_session_id" varchar(64),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_freespins_used_check" CHECK ("player_freespins"."used" between 0 and "player_freespins"."count")
);
--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_package_steps" ADD CONSTRAINT "bonus_package_steps_package_id_bonus_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_package_steps" ADD CONSTRAINT "bonus_package_steps_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_stakes" ADD CONSTRAINT "bonus_stakes_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_bonus_code_id_bonus_codes_id_fk" FOREIGN KEY ("bonus_code_id") REFERENCES "public"."bonus_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_freespin_id_player_freespins_id_fk" FOREIGN KEY ("player_freespin_id") REFERENCES "public"."player_freespins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_package_id_bonus_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_wallet_account_id_wallet_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_package_id_bonus_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_once" ON "bonus_claims" USING btree ("template_id","fingerprint_kind","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_package_steps_step" ON "bonus_package_steps" USING btree ("package_id","step");--> statement-breakpoint
CREATE INDEX "bonus_stakes_open" ON "bonus_stakes" USING btree ("player_bonus_id") WHERE "bonus_stakes"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_payouts_once" ON "cashback_payouts" USING btree ("template_id","player_id","currency","period_start");--> statement-breakpoint
CREATE INDEX "player_bonus_codes_player" ON "player_bonus_codes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_codes_once" ON "player_bonus_codes" USING btree ("player_id","bonus_code_id") WHERE "player_bonus_codes"."status" in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active" ON "player_bonuses" USING btree ("wallet_account_id") WHERE "player_bonuses"."status" = 2;--> statement-breakpoint
CREATE INDEX "player_bonuses_player_status" ON "player_bonuses" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "player_bonuses_template_player" ON "player_bonuses" USING btree ("template_id","player_id");--> statement-breakpoint
CREATE INDEX "player_bonuses_expiry" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "player_freespins_player_status" ON "player_freespins" USING btree ("player_id","status");