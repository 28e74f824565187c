CREATE TYPE "public"."einvoice_status" AS ENUM('not_submitted', 'submitted', 'valid', 'invalid');--> statement-breakpoint
CREATE TYPE "public"."order_actor" AS ENUM('buyer', 'merchant', 'system');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'scheduled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."printer_kind" AS ENUM('network', 'bluetooth', 'system');--> statement-breakpoint
CREATE TYPE "public"."wallet_entry_type" AS ENUM('deposit', 'payment', 'refund', 'sales_revenue', 'service_fee', 'withdrawal', 'refund_received');--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"number" text NOT NULL,
	"file_name" text NOT NULL,
	"einvoice_document" jsonb,
	"einvoice_status" "einvoice_status" DEFAULT 'not_submitted' NOT NULL,
	"einvoice_uuid" text,
	"einvoice_error" text,
	"einvoice_submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"actor" "order_actor" NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "printer_kind" NOT NULL,
	"paper_width" integer NOT NULL,
	"host" text,
	"port" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "wallet_entry_type" NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_merchant_idx";--> statement-breakpoint
ALTER TABLE "merchant_events" ALTER COLUMN "auction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_status" "payout_status";--> statement-breakpoint
-- Orders written before this migration: backfill what the merchant's search and timeline need.
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "search_text" = lower("number" || ' ' || "batch_number");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_text" DROP DEFAULT;--> statement-breakpoint
INSERT INTO "order_status_changes" ("order_id", "status", "actor", "at") SELECT "id", 'pending_payment', 'system', "created_at" FROM "orders";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sst_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "msic_code" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "business_activity" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "printers_merchant_idx" ON "printers" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_order_type_key" ON "wallet_entries" USING btree ("order_id","type") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_status_idx" ON "orders" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_by") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("merchant_id","created_at","id");