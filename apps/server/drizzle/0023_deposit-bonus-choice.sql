ALTER TABLE "payment_invoices" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "bonus_code" varchar(32);