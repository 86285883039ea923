CREATE TABLE "promotions_point_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"points" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "promotions_point_conversions_status_ck" CHECK ("promotions_point_conversions"."status" in ('IN_PROCESS', 'APPROVED', 'VOIDED'))
);
--> statement-breakpoint
CREATE TABLE "promotions_point_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"names" jsonb NOT NULL,
	"image_url" varchar(500),
	"points" bigint NOT NULL,
	"stock" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" varchar(64),
	CONSTRAINT "promotions_point_goods_stock_ck" CHECK ("promotions_point_goods"."stock" >= 0),
	CONSTRAINT "promotions_point_goods_points_ck" CHECK ("promotions_point_goods"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions_point_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"points" bigint NOT NULL,
	"address" varchar(200) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"status" varchar(12) NOT NULL,
	"operator" varchar(64),
	"remark" varchar(140) DEFAULT '' NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "promotions_point_redemptions_status_ck" CHECK ("promotions_point_redemptions"."status" in ('IN_PROCESS', 'REJECTED', 'APPROVED'))
);
--> statement-breakpoint
CREATE TABLE "promotions_point_settings" (
	"merchant_code" varchar(20) PRIMARY KEY NOT NULL,
	"ratio_points" bigint NOT NULL,
	"ratio_amount_minor" bigint NOT NULL,
	"min_points" bigint NOT NULL,
	"packages" jsonb NOT NULL,
	"earn_rules" jsonb NOT NULL,
	"earn_after_round_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "promotions_point_redemptions" ADD CONSTRAINT "promotions_point_redemptions_goods_id_promotions_point_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."promotions_point_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_point_conversions_hold_uq" ON "promotions_point_conversions" USING btree ("hold_transfer_id");--> statement-breakpoint
CREATE INDEX "promotions_point_conversions_open_idx" ON "promotions_point_conversions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "promotions_point_goods_list_idx" ON "promotions_point_goods" USING btree ("merchant_code","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_point_redemptions_hold_uq" ON "promotions_point_redemptions" USING btree ("hold_transfer_id");--> statement-breakpoint
CREATE INDEX "promotions_point_redemptions_account_idx" ON "promotions_point_redemptions" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "promotions_point_redemptions_status_idx" ON "promotions_point_redemptions" USING btree ("merchant_code","status","id");