ALTER TABLE "payment_invoices" DROP CONSTRAINT "payment_invoices_status_check";--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_status_check" CHECK ("payment_invoices"."status" in (1, 2, 3, 4));--> statement-breakpoint
-- Invoices the player cancelled were stored as failed; they are cancelled (4) from now on.
UPDATE "payment_invoices" SET "status" = 4 WHERE "status" = 3 AND "failure_reason" = 'playerDeclined';
