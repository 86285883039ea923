CREATE TABLE "backoffice_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"direction" varchar(6) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"note" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"claimed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"reject_reason" varchar(200),
	"ledger_transfer_id" bigint,
	CONSTRAINT "backoffice_adjustments_direction_ck" CHECK ("backoffice_adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "backoffice_adjustments_status_ck" CHECK ("backoffice_adjustments"."status" in ('pending', 'approving', 'approved', 'rejected')),
	CONSTRAINT "backoffice_adjustments_amount_ck" CHECK ("backoffice_adjustments"."amount_minor" > 0),
	CONSTRAINT "backoffice_adjustments_four_eyes_ck" CHECK ("backoffice_adjustments"."decided_by" is null or "backoffice_adjustments"."decided_by" <> "backoffice_adjustments"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD CONSTRAINT "backoffice_adjustments_proposed_by_backoffice_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."backoffice_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD CONSTRAINT "backoffice_adjustments_decided_by_backoffice_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."backoffice_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backoffice_adjustments_status_idx" ON "backoffice_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "backoffice_adjustments_player_idx" ON "backoffice_adjustments" USING btree ("player_id","id");