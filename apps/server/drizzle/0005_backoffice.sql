CREATE TABLE "backoffice_audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" integer,
	"operator_username" varchar(64),
	"action" varchar(64) NOT NULL,
	"target" varchar(200),
	"ip" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice_login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"ip" varchar(64),
	"success" boolean NOT NULL,
	"reason" varchar(20) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice_login_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"operator_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"pending_totp_secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backoffice_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(16) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backoffice_operators_role_ck" CHECK ("backoffice_operators"."role" in ('owner', 'finance', 'support', 'content', 'risk')),
	CONSTRAINT "backoffice_operators_status_ck" CHECK ("backoffice_operators"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "backoffice_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backoffice_login_challenges" ADD CONSTRAINT "backoffice_login_challenges_operator_id_backoffice_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."backoffice_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backoffice_sessions" ADD CONSTRAINT "backoffice_sessions_operator_id_backoffice_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."backoffice_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backoffice_audit_log_at_idx" ON "backoffice_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "backoffice_audit_log_operator_idx" ON "backoffice_audit_log" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "backoffice_audit_log_action_idx" ON "backoffice_audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "backoffice_login_attempts_username_idx" ON "backoffice_login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "backoffice_login_attempts_ip_idx" ON "backoffice_login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_login_challenges_token_hash_uq" ON "backoffice_login_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_operators_username_uq" ON "backoffice_operators" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_sessions_token_hash_uq" ON "backoffice_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "backoffice_sessions_operator_idx" ON "backoffice_sessions" USING btree ("operator_id");