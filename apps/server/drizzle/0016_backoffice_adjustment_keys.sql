ALTER TABLE "backoffice_adjustments" ADD COLUMN "idempotency_key" varchar(128);--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD COLUMN "approval_reason" varchar(12);--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_adjustments_idempotency_uq" ON "backoffice_adjustments" USING btree ("proposed_by","idempotency_key");--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD CONSTRAINT "backoffice_adjustments_request_hash_ck" CHECK (("backoffice_adjustments"."idempotency_key" is null) = ("backoffice_adjustments"."request_hash" is null));--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD CONSTRAINT "backoffice_adjustments_approval_reason_ck" CHECK ("backoffice_adjustments"."approval_reason" is null or "backoffice_adjustments"."approval_reason" in ('amount', 'window_total'));--> statement-breakpoint
-- Adjustments that wait or waited for a second operator did so for their amount alone: the only rule before this one.
UPDATE "backoffice_adjustments" SET "approval_reason" = 'amount' WHERE "status" = 'pending' OR "decided_by" IS NOT NULL;