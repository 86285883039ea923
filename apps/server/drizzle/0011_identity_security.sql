CREATE TABLE "identity_email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" varchar(160) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"code_salt" varchar(32) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_known_ips" (
	"account_id" integer NOT NULL,
	"ip_prefix" varchar(64) NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_known_ips_account_id_ip_prefix_pk" PRIMARY KEY("account_id","ip_prefix")
);
--> statement-breakpoint
CREATE TABLE "identity_login_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"reason" varchar(12) NOT NULL,
	"scope" varchar(8) NOT NULL,
	"methods" jsonb NOT NULL,
	"ip" varchar(64),
	"password_is_default" boolean NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_two_factor" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_email_codes" ADD CONSTRAINT "identity_email_codes_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_known_ips" ADD CONSTRAINT "identity_known_ips_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_login_challenges" ADD CONSTRAINT "identity_login_challenges_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_two_factor" ADD CONSTRAINT "identity_two_factor_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_email_codes_account_idx" ON "identity_email_codes" USING btree ("account_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "identity_login_challenges_account_idx" ON "identity_login_challenges" USING btree ("account_id","created_at");