CREATE TABLE "action_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"player_id" uuid NOT NULL,
	"subject" varchar(254),
	"state" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" varchar(8) NOT NULL,
	"destination" varchar(254) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"player_id" uuid,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_channel_check" CHECK ("one_time_codes"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "player_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"method" varchar(16) NOT NULL,
	"ip" varchar(45),
	"country" varchar(2),
	"user_agent" text,
	"device" varchar(64),
	"browser" varchar(64),
	"os" varchar(64),
	"platform" varchar(8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"template" varchar(40) NOT NULL,
	"locale" varchar(5) DEFAULT 'en' NOT NULL,
	"subject" varchar(300),
	"text_body" text NOT NULL,
	"html_body" text,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"delivered_by" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "player_field_settings" (
	"scenario" varchar(16) NOT NULL,
	"field" varchar(32) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_field_settings_scenario_check" CHECK ("player_field_settings"."scenario" in ('registration', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254),
	"email_verified_at" timestamp with time zone,
	"phone" varchar(20),
	"phone_verified_at" timestamp with time zone,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"tg_user_id" bigint,
	"nickname" varchar(24),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"full_name" varchar(30),
	"gender" varchar(16),
	"birthdate" date,
	"nationality" varchar(2),
	"country" varchar(2),
	"city" varchar(100),
	"address" varchar(200),
	"additional_address" varchar(200),
	"postal_code" varchar(20),
	"time_zone" varchar(64),
	"profession" varchar(100),
	"place_of_birth" varchar(100),
	"personal_id_number" varchar(64),
	"security_question" varchar(200),
	"security_answer" varchar(200),
	"cpf_number" varchar(11),
	"wallet_id" varchar(128),
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"currency" varchar(10) NOT NULL,
	"receive_email_promo" boolean DEFAULT false NOT NULL,
	"receive_sms_promo" boolean DEFAULT false NOT NULL,
	"receive_bonus" boolean DEFAULT false NOT NULL,
	"avatar_id" varchar(32),
	"status" smallint DEFAULT 1 NOT NULL,
	"self_excluded_until" timestamp with time zone,
	"affiliate_tag" varchar(200),
	"referrer_id" varchar(64),
	"registration_bonus_code" varchar(64),
	"registration_ip" varchar(45),
	"registration_country" varchar(2),
	"freshchat_restore_id" varchar(100),
	"sign_in_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_status_check" CHECK ("players"."status" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "social_auth_states" (
	"state" varchar(128) PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"redirect_uri" text NOT NULL,
	"player_id" uuid,
	"context" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"provider" varchar(32) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(254),
	"display_name" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" varchar(10) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_selected" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_status_check" CHECK ("wallet_accounts"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_player_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."player_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_auth_states" ADD CONSTRAINT "social_auth_states_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_tokens_hash" ON "action_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "action_tokens_player" ON "action_tokens" USING btree ("player_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup" ON "one_time_codes" USING btree ("destination","purpose","created_at");--> statement-breakpoint
CREATE INDEX "player_sessions_player" ON "player_sessions" USING btree ("player_id","last_active_at");--> statement-breakpoint
CREATE INDEX "player_sessions_revoked_at" ON "player_sessions" USING btree ("revoked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_status" ON "outbox_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient" ON "outbox_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_field_settings_pk" ON "player_field_settings" USING btree ("scenario","field");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_unique" ON "players" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_phone_unique" ON "players" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "players_nickname_unique" ON "players" USING btree (lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "players_tg_user_id_unique" ON "players" USING btree ("tg_user_id");--> statement-breakpoint
CREATE INDEX "players_created_at" ON "players" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "social_auth_states_expires" ON "social_auth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_identity" ON "social_connections" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_player_provider" ON "social_connections" USING btree ("player_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_player_currency" ON "wallet_accounts" USING btree ("player_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_one_selected" ON "wallet_accounts" USING btree ("player_id") WHERE "wallet_accounts"."is_selected";--> statement-breakpoint
CREATE INDEX "wallet_accounts_player" ON "wallet_accounts" USING btree ("player_id");