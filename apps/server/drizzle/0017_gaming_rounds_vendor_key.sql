-- A round id is the vendor's own: two vendors behind one aggregator (TCG's products, Hub88's providers) may use the same id.
ALTER TABLE "gaming_rounds" DROP CONSTRAINT "gaming_rounds_round_uq";--> statement-breakpoint
ALTER TABLE "gaming_rounds" ADD CONSTRAINT "gaming_rounds_vendor_round_uq" UNIQUE("merchant_code","aggregator","vendor_code","round_id","account_id");