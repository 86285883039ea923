CREATE TABLE "wallet_bank_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"bank_name" varchar(80) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"holder_name" varchar(120) NOT NULL,
	"branch" varchar(120),
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"code" varchar(40) NOT NULL,
	"type" varchar(10) NOT NULL,
	"gateway" varchar(20),
	"method" varchar(20) NOT NULL,
	"name_en" varchar(60) NOT NULL,
	"name_bn" varchar(60) NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"presets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"payee" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(64),
	CONSTRAINT "wallet_deposit_channels_code_uq" UNIQUE("merchant_code","code"),
	CONSTRAINT "wallet_deposit_channels_type_ck" CHECK ("wallet_deposit_channels"."type" in ('gateway', 'manual')),
	CONSTRAINT "wallet_deposit_channels_gateway_ck" CHECK (("wallet_deposit_channels"."type" = 'gateway') = ("wallet_deposit_channels"."gateway" is not null)),
	CONSTRAINT "wallet_deposit_channels_limits_ck" CHECK ("wallet_deposit_channels"."min_amount" > 0 and "wallet_deposit_channels"."max_amount" >= "wallet_deposit_channels"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "wallet_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"channel_code" varchar(40) NOT NULL,
	"type" varchar(10) NOT NULL,
	"gateway" varchar(20),
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"client_key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"gateway_intent_id" varchar(64),
	"gateway_txn_id" varchar(128),
	"redirect_url" text,
	"reference" varchar(64),
	"receipts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transfer_id" bigint,
	"late_gateway_status" varchar(20),
	"reject_reason" varchar(200),
	"reviewed_by_id" integer,
	"reviewed_by_name" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wallet_deposits_client_key_uq" UNIQUE("merchant_code","account_id","client_key"),
	CONSTRAINT "wallet_deposits_status_ck" CHECK ("wallet_deposits"."status" in ('pending', 'approved', 'rejected', 'failed')),
	CONSTRAINT "wallet_deposits_amount_ck" CHECK ("wallet_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_gateway_nonces" (
	"gateway" varchar(20) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_gateway_nonces_pk" PRIMARY KEY("gateway","nonce")
);
--> statement-breakpoint
CREATE TABLE "wallet_member_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_payment_password_guards" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"failed_count" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sim_gateway_intents" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"merchant_order_id" varchar(64) NOT NULL,
	"gateway_txn_id" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"scale" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"status" varchar(10) NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "wallet_sim_gateway_intents_order_uq" UNIQUE("merchant_code","merchant_order_id"),
	CONSTRAINT "wallet_sim_gateway_intents_status_ck" CHECK ("wallet_sim_gateway_intents"."status" in ('created', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"bank_account_id" bigint NOT NULL,
	"pay_to" jsonb NOT NULL,
	"client_key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"ledger_key" varchar(128) NOT NULL,
	"hold_transfer_id" bigint,
	"resolution_transfer_id" bigint,
	"reject_reason" varchar(200),
	"reviewed_by_id" integer,
	"reviewed_by_name" varchar(64),
	"reviewed_at" timestamp with time zone,
	"confirmation" varchar(16),
	"received_amount" bigint,
	"confirmation_note" varchar(140),
	"proofs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_withdrawals_client_key_uq" UNIQUE("merchant_code","account_id","client_key"),
	CONSTRAINT "wallet_withdrawals_ledger_key_uq" UNIQUE("ledger_key"),
	CONSTRAINT "wallet_withdrawals_status_ck" CHECK ("wallet_withdrawals"."status" in ('opening', 'pending', 'approved', 'rejected')),
	CONSTRAINT "wallet_withdrawals_amount_ck" CHECK ("wallet_withdrawals"."amount" > 0),
	CONSTRAINT "wallet_withdrawals_confirmation_ck" CHECK ("wallet_withdrawals"."confirmation" is null or ("wallet_withdrawals"."status" = 'approved' and "wallet_withdrawals"."confirmation" in ('received', 'not_received', 'partial', 'auto_received')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_bank_accounts_active_uq" ON "wallet_bank_accounts" USING btree ("account_id","bank_code","account_number") WHERE "wallet_bank_accounts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_bank_accounts_account_idx" ON "wallet_bank_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_gateway_txn_uq" ON "wallet_deposits" USING btree ("gateway","gateway_txn_id") WHERE "wallet_deposits"."gateway_txn_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_deposits_account_idx" ON "wallet_deposits" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_deposits_status_idx" ON "wallet_deposits" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_gateway_nonces_received_idx" ON "wallet_gateway_nonces" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "wallet_member_notices_account_idx" ON "wallet_member_notices" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_account_idx" ON "wallet_withdrawals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("merchant_code","status","created_at");