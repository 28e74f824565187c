CREATE TYPE "public"."print_job_kind" AS ENUM('slip', 'test');--> statement-breakpoint
CREATE TYPE "public"."print_job_state" AS ENUM('queued', 'sent', 'printed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'print_failed';--> statement-breakpoint
ALTER TYPE "public"."printer_kind" ADD VALUE 'cloud';--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"printer_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" "print_job_kind" NOT NULL,
	"order_id" uuid,
	"lang" text NOT NULL,
	"paper_width" integer NOT NULL,
	"state" "print_job_state" DEFAULT 'queued' NOT NULL,
	"token" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_status_code" text;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_asb" text;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_poll_seconds" integer;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_info_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("printer_id","state","seq");--> statement-breakpoint
CREATE INDEX "print_jobs_merchant_idx" ON "print_jobs" USING btree ("merchant_id","seq");--> statement-breakpoint
CREATE INDEX "print_jobs_open_idx" ON "print_jobs" USING btree ("state","queued_at") WHERE "print_jobs"."state" in ('queued', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "printers_mac_key" ON "printers" USING btree ("mac") WHERE "printers"."mac" is not null;