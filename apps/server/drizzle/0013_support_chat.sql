CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"account_id" integer,
	"name" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"assigned_operator_id" integer,
	"assigned_to" varchar(64),
	"unread" integer DEFAULT 0 NOT NULL,
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" varchar(10) NOT NULL,
	"sender_name" varchar(64) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_status_idx" ON "support_conversations" USING btree ("merchant_code","status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_account_idx" ON "support_conversations" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");