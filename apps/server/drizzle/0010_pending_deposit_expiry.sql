ALTER TABLE "payment_invoices" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_invoices_pending_expiry" ON "payment_invoices" USING btree ("expires_at") WHERE "payment_invoices"."status" = 1;--> statement-breakpoint
-- Deposits already pending get the longest default lifetime, so none waits for ever.
UPDATE "payment_invoices" SET "expires_at" = "created_at" + interval '24 hours' WHERE "type" = 1 AND "status" = 1;
