CREATE TABLE "content_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"texts" jsonb NOT NULL,
	"cover_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"seed_key" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "content_articles_kind_idx" ON "content_articles" USING btree ("merchant_code","kind","published");--> statement-breakpoint
CREATE UNIQUE INDEX "content_articles_seed_key_uq" ON "content_articles" USING btree ("merchant_code","seed_key");