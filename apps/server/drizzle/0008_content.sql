CREATE TABLE "content_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"type" varchar(2) NOT NULL,
	"platform" varchar(2) DEFAULT 'W' NOT NULL,
	"execution" varchar(2) DEFAULT 'B' NOT NULL,
	"audiences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_name" varchar(40),
	"video_url" text,
	"linkage_type" varchar(12) DEFAULT 'NONE' NOT NULL,
	"linkage" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"seed_key" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "content_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer,
	"sender" varchar(64) NOT NULL,
	"type" smallint NOT NULL,
	"content" varchar(200) NOT NULL,
	"ip" varchar(64),
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "content_message_states" (
	"message_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "content_message_states_message_id_account_id_pk" PRIMARY KEY("message_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "content_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer,
	"kind" varchar(30) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_key" varchar(80),
	"created_at" timestamp with time zone NOT NULL,
	"created_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "content_message_states" ADD CONSTRAINT "content_message_states_message_id_content_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."content_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_announcements_type_idx" ON "content_announcements" USING btree ("merchant_code","type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "content_announcements_seed_key_uq" ON "content_announcements" USING btree ("merchant_code","seed_key");--> statement-breakpoint
CREATE INDEX "content_feedback_status_idx" ON "content_feedback" USING btree ("merchant_code","status","id");--> statement-breakpoint
CREATE INDEX "content_message_states_account_idx" ON "content_message_states" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "content_messages_account_idx" ON "content_messages" USING btree ("merchant_code","account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_messages_source_uq" ON "content_messages" USING btree ("merchant_code","source_key");