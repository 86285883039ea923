CREATE TABLE "wallet_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"owner_type" varchar(10) NOT NULL,
	"owner_id" bigint,
	"kind" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"pending_debits" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_owner_kind_uq" UNIQUE NULLS NOT DISTINCT("merchant_code","owner_type","owner_id","kind","currency"),
	CONSTRAINT "wallet_accounts_owner_type_ck" CHECK ("wallet_accounts"."owner_type" in ('player', 'agent', 'house', 'system')),
	CONSTRAINT "wallet_accounts_owner_id_ck" CHECK (("wallet_accounts"."owner_type" in ('player', 'agent')) = ("wallet_accounts"."owner_id" is not null)),
	CONSTRAINT "wallet_accounts_never_negative_ck" CHECK ("wallet_accounts"."allow_negative" or "wallet_accounts"."balance" - "wallet_accounts"."pending_debits" >= 0),
	CONSTRAINT "wallet_accounts_members_never_negative_ck" CHECK (not ("wallet_accounts"."allow_negative" and "wallet_accounts"."owner_type" in ('player', 'agent'))),
	CONSTRAINT "wallet_accounts_pending_debits_ck" CHECK ("wallet_accounts"."pending_debits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_transfer_account_uq" UNIQUE("transfer_id","account_id"),
	CONSTRAINT "wallet_entries_amount_ck" CHECK ("wallet_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_idempotency_keys" (
	"scope" varchar(100) NOT NULL,
	"key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"state" varchar(12) NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wallet_idempotency_keys_uq" UNIQUE("scope","key"),
	CONSTRAINT "wallet_idempotency_keys_state_ck" CHECK ("wallet_idempotency_keys"."state" in ('in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"state" varchar(10) NOT NULL,
	"pending_id" bigint,
	"reverses_transfer_id" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transfers_idempotency_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_transfers_pending_id_uq" UNIQUE("pending_id"),
	CONSTRAINT "wallet_transfers_reverses_uq" UNIQUE("reverses_transfer_id"),
	CONSTRAINT "wallet_transfers_amount_ck" CHECK ("wallet_transfers"."amount" > 0),
	CONSTRAINT "wallet_transfers_accounts_ck" CHECK ("wallet_transfers"."debit_account_id" <> "wallet_transfers"."credit_account_id"),
	CONSTRAINT "wallet_transfers_state_ck" CHECK ("wallet_transfers"."state" in ('posted', 'pending', 'voided')),
	CONSTRAINT "wallet_transfers_links_ck" CHECK (("wallet_transfers"."state" <> 'voided' or "wallet_transfers"."pending_id" is not null)
        and ("wallet_transfers"."state" <> 'pending' or ("wallet_transfers"."pending_id" is null and "wallet_transfers"."reverses_transfer_id" is null))
        and ("wallet_transfers"."pending_id" is null or "wallet_transfers"."reverses_transfer_id" is null)
        and ("wallet_transfers"."reverses_transfer_id" is null or "wallet_transfers"."state" = 'posted'))
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_debit_account_id_wallet_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_credit_account_id_wallet_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_pending_id_wallet_transfers_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_reverses_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("reverses_transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "wallet_idempotency_keys_created_idx" ON "wallet_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_transfers_debit_idx" ON "wallet_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "wallet_transfers_credit_idx" ON "wallet_transfers" USING btree ("credit_account_id");