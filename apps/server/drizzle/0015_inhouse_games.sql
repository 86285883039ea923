CREATE TABLE "gaming_inhouse_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"round_id" varchar(40) NOT NULL,
	"request_key" varchar(160) NOT NULL,
	"account_id" integer NOT NULL,
	"game_code" varchar(40) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"seed_id" bigint,
	"nonce" integer,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) NOT NULL,
	"stake_transfer_id" bigint,
	"payout_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "gaming_inhouse_rounds_round_uq" UNIQUE("round_id"),
	CONSTRAINT "gaming_inhouse_rounds_request_uq" UNIQUE("merchant_code","account_id","request_key"),
	CONSTRAINT "gaming_inhouse_rounds_nonce_uq" UNIQUE("seed_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "gaming_inhouse_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"server_seed" varchar(64) NOT NULL,
	"server_seed_hash" varchar(64) NOT NULL,
	"client_seed" varchar(64) NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gaming_inhouse_rounds" ADD CONSTRAINT "gaming_inhouse_rounds_seed_id_gaming_inhouse_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."gaming_inhouse_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gaming_inhouse_rounds_open_idx" ON "gaming_inhouse_rounds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gaming_inhouse_rounds_account_idx" ON "gaming_inhouse_rounds" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gaming_inhouse_seeds_active_uq" ON "gaming_inhouse_seeds" USING btree ("merchant_code","account_id") WHERE "gaming_inhouse_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "gaming_inhouse_seeds_account_idx" ON "gaming_inhouse_seeds" USING btree ("account_id","created_at");