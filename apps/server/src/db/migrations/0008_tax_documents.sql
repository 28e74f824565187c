CREATE TYPE "public"."tax_document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
ALTER TYPE "public"."einvoice_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_unique";--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "tax_details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" "tax_document_kind" DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Invoices issued before: what their order's buyer paid.
UPDATE "invoices" SET "amount" = coalesce(o."paid_amount", o."subtotal") FROM "orders" o WHERE o."id" = "invoices"."order_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_facts" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "validated_file_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_version" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_submission_uid" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_long_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_missing" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A store's one-line address is the first line of its registered address until it says more.
UPDATE "stores" SET "address_lines" = jsonb_build_array(left("address", 150)) WHERE coalesce(trim("address"), '') <> '';--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "tax_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_id_invoices_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_key" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "invoices_einvoice_check_idx" ON "invoices" USING btree ("einvoice_check_at") WHERE einvoice_status in ('submitted', 'not_submitted');--> statement-breakpoint
CREATE INDEX "invoices_refund_pending_idx" ON "invoices" USING btree ("refund_pending_at") WHERE refund_pending_at is not null;