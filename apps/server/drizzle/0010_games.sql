CREATE TABLE "catalogue_favorite_toggles" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"last_toggle_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_favorites" (
	"account_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_favorites_account_id_game_id_pk" PRIMARY KEY("account_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_code" varchar(40) NOT NULL,
	"game_code" varchar(100) NOT NULL,
	"game_type" varchar(20) NOT NULL,
	"is_lobby" boolean DEFAULT false NOT NULL,
	"name" varchar(200) NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"show_icon" text,
	"icon_url" text,
	"large_icon" text,
	"trial_support" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"hot_rank" integer DEFAULT 0 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_games_code_uq" UNIQUE("merchant_code","vendor_code","game_code")
);
--> statement-breakpoint
CREATE TABLE "catalogue_recent_plays" (
	"account_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	"plays" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_recent_plays_account_id_game_id_pk" PRIMARY KEY("account_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(80) NOT NULL,
	"aggregator" varchar(20) NOT NULL,
	"wallet_mode" varchar(10) NOT NULL,
	"category" varchar(20) NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"icon_url" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_vendors_code_uq" UNIQUE("merchant_code","code")
);
--> statement-breakpoint
CREATE TABLE "gaming_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"aggregator" varchar(20) NOT NULL,
	"round_id" varchar(100) NOT NULL,
	"account_id" integer NOT NULL,
	"vendor_code" varchar(40) NOT NULL,
	"game_code" varchar(100) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"win_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "gaming_rounds_round_uq" UNIQUE("merchant_code","aggregator","round_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "gaming_sessions" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"vendor_code" varchar(40) NOT NULL,
	"game_code" varchar(100) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gaming_vendor_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"account_id" integer NOT NULL,
	"vendor_code" varchar(40) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"hold_transfer_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaming_vendor_transfers_reference_uq" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "gaming_vendor_wallets" (
	"account_id" integer NOT NULL,
	"vendor_code" varchar(40) NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"player_created" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaming_vendor_wallets_uq" UNIQUE("account_id","vendor_code")
);
--> statement-breakpoint
CREATE TABLE "gaming_wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"aggregator" varchar(20) NOT NULL,
	"transaction_uuid" varchar(100) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"account_id" integer,
	"vendor_code" varchar(40),
	"game_code" varchar(100),
	"round_id" varchar(100),
	"round_closed" boolean DEFAULT false NOT NULL,
	"reference_uuid" varchar(100),
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"amount_vendor" text DEFAULT '0' NOT NULL,
	"currency" varchar(3),
	"fingerprint" text NOT NULL,
	"status" varchar(40) NOT NULL,
	"ledger_transfer_id" bigint,
	"rolled_back_at" timestamp with time zone,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaming_wallet_transactions_uuid_uq" UNIQUE("merchant_code","aggregator","transaction_uuid")
);
--> statement-breakpoint
ALTER TABLE "catalogue_favorites" ADD CONSTRAINT "catalogue_favorites_game_id_catalogue_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."catalogue_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_games" ADD CONSTRAINT "catalogue_games_vendor_id_catalogue_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."catalogue_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_recent_plays" ADD CONSTRAINT "catalogue_recent_plays_game_id_catalogue_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."catalogue_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_favorites_recent_idx" ON "catalogue_favorites" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_games_list_idx" ON "catalogue_games" USING btree ("merchant_code","game_type","sort_order","id") WHERE "catalogue_games"."enabled" and "catalogue_games"."listed";--> statement-breakpoint
CREATE INDEX "catalogue_games_vendor_list_idx" ON "catalogue_games" USING btree ("merchant_code","vendor_code","game_type","sort_order","id") WHERE "catalogue_games"."enabled" and "catalogue_games"."listed";--> statement-breakpoint
CREATE INDEX "catalogue_games_hot_idx" ON "catalogue_games" USING btree ("merchant_code","hot_rank","id") WHERE "catalogue_games"."is_hot" and "catalogue_games"."enabled" and "catalogue_games"."listed";--> statement-breakpoint
CREATE INDEX "catalogue_recent_plays_idx" ON "catalogue_recent_plays" USING btree ("account_id","last_played_at");--> statement-breakpoint
CREATE INDEX "gaming_rounds_account_idx" ON "gaming_rounds" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "gaming_rounds_win_idx" ON "gaming_rounds" USING btree ("merchant_code","win_minor");--> statement-breakpoint
CREATE INDEX "gaming_sessions_account_idx" ON "gaming_sessions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "gaming_vendor_transfers_pending_idx" ON "gaming_vendor_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gaming_vendor_transfers_account_idx" ON "gaming_vendor_transfers" USING btree ("account_id","vendor_code");--> statement-breakpoint
CREATE INDEX "gaming_wallet_transactions_reference_idx" ON "gaming_wallet_transactions" USING btree ("reference_uuid");