CREATE TYPE "public"."bank_account_status" AS ENUM('unverified', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'completed', 'rejected');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"status" "bank_account_status" DEFAULT 'unverified' NOT NULL,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"completed" integer DEFAULT 0 NOT NULL,
	"scheduled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reject_reason" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_target_idx" ON "operator_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "withdrawals_merchant_idx" ON "withdrawals" USING btree ("merchant_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending_key" ON "withdrawals" USING btree ("merchant_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payout_idx" ON "orders" USING btree ("payout_status","payout_on") WHERE payout_status in ('pending', 'scheduled');--> statement-breakpoint
CREATE INDEX "wallet_entries_account_type_idx" ON "wallet_entries" USING btree ("account_id","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_withdrawal_type_key" ON "wallet_entries" USING btree ("withdrawal_id","type") WHERE withdrawal_id is not null;