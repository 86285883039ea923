CREATE TABLE "identity_oidc_links" (
	"provider" varchar(40) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"account_id" integer NOT NULL,
	"email" varchar(160),
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_oidc_links_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "identity_oidc_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(40) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"return_to" varchar(300) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_oidc_links" ADD CONSTRAINT "identity_oidc_links_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_oidc_links_account_idx" ON "identity_oidc_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_oidc_states_expires_idx" ON "identity_oidc_states" USING btree ("expires_at");