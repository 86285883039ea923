CREATE TABLE "identity_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"type" smallint NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"play_money" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"payment_password_hash" text,
	"mobile" varchar(20),
	"mobile_verified" boolean DEFAULT false NOT NULL,
	"email" varchar(160),
	"email_verified" boolean DEFAULT false NOT NULL,
	"nickname" varchar(64),
	"real_name" varchar(120),
	"avatar_id" smallint,
	"language" varchar(8) NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invite_code" varchar(16),
	"upline_id" integer,
	"referrer_id" integer,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"register_ip" varchar(64),
	"register_method" varchar(10),
	"register_domain" varchar(255),
	"register_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"username" varchar(64) NOT NULL,
	"account_id" integer,
	"ip" varchar(64),
	"success" boolean NOT NULL,
	"reason" varchar(40) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"login_method" varchar(12) NOT NULL,
	"scope" varchar(8) NOT NULL,
	"password_change_required" boolean NOT NULL,
	"first_login" boolean NOT NULL,
	"previous_login_at" timestamp with time zone,
	"previous_login_ip" varchar(64),
	"ip" varchar(64),
	"user_agent" varchar(300),
	"device" varchar(10),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"ip" varchar(64),
	"code_hash" varchar(64) NOT NULL,
	"code_salt" varchar(32) NOT NULL,
	"status" varchar(10) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_accounts" ADD CONSTRAINT "identity_accounts_upline_id_identity_accounts_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_accounts" ADD CONSTRAINT "identity_accounts_referrer_id_identity_accounts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_password_resets" ADD CONSTRAINT "identity_password_resets_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_accounts_username_uq" ON "identity_accounts" USING btree ("merchant_code",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "identity_accounts_mobile_uq" ON "identity_accounts" USING btree ("merchant_code","mobile") WHERE "identity_accounts"."mobile" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_accounts_invite_code_uq" ON "identity_accounts" USING btree ("merchant_code","invite_code") WHERE "identity_accounts"."invite_code" is not null;--> statement-breakpoint
CREATE INDEX "identity_accounts_upline_idx" ON "identity_accounts" USING btree ("upline_id");--> statement-breakpoint
CREATE INDEX "identity_captchas_expires_idx" ON "identity_captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_login_attempts_username_idx" ON "identity_login_attempts" USING btree ("merchant_code","username","at");--> statement-breakpoint
CREATE INDEX "identity_login_attempts_ip_idx" ON "identity_login_attempts" USING btree ("merchant_code","ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_password_resets_token_hash_uq" ON "identity_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_password_resets_account_idx" ON "identity_password_resets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_token_hash_uq" ON "identity_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_sessions_account_idx" ON "identity_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_sms_codes_mobile_idx" ON "identity_sms_codes" USING btree ("merchant_code","mobile","created_at");--> statement-breakpoint
CREATE INDEX "identity_sms_codes_ip_idx" ON "identity_sms_codes" USING btree ("merchant_code","ip","created_at");--> statement-breakpoint
CREATE INDEX "identity_sms_codes_created_idx" ON "identity_sms_codes" USING btree ("merchant_code","created_at");