CREATE TYPE "public"."cancel_reason" AS ENUM('default', 'merchant');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'order_defaulted' BEFORE 'withdrawal_reviewed';--> statement-breakpoint
DROP INDEX "orders_lot_buyer_key";--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "linked_merchant_id" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "relisted_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "relisted_from" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" "cancel_reason";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_at_deadline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_linked_merchant_id_merchants_account_id_fk" FOREIGN KEY ("linked_merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_relisted_from_lots_id_fk" FOREIGN KEY ("relisted_from") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_buyer_standing_idx" ON "bids" USING btree ("buyer_id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "orders_buyer_unpaid_idx" ON "orders" USING btree ("buyer_id") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_lot_buyer_key" ON "orders" USING btree ("lot_id","buyer_id") WHERE offered = false;--> statement-breakpoint
-- Orders canceled before this migration: by the deadline job (a default) or by the merchant.
UPDATE "orders" o SET "cancel_reason" = (CASE WHEN c."actor" = 'system' THEN 'default' ELSE 'merchant' END)::"cancel_reason"
  FROM "order_status_changes" c
  WHERE c."order_id" = o."id" AND c."status" IN ('canceled', 'canceled_refunded') AND o."status" IN ('canceled', 'canceled_refunded');--> statement-breakpoint
-- Their kg go back to their lots as returned kg, out of the awarded figures (PRODUCT.md §4a).
UPDATE "lots" l SET
    "returned_quantity" = x.q,
    "awarded_quantity" = l."awarded_quantity" - x.q,
    "awarded_amount" = l."awarded_amount" - x.a,
    "awarded_fee" = l."awarded_fee" - x.f
  FROM (
    SELECT o."lot_id", sum(i."quantity")::integer AS q, sum(o."subtotal") AS a, sum(o."fee") AS f
    FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
    WHERE o."status" = 'canceled'
    GROUP BY o."lot_id"
  ) x
  WHERE x."lot_id" = l."id";
