CREATE TYPE "public"."end_reason" AS ENUM('time', 'buyout');--> statement-breakpoint
CREATE TYPE "public"."freshness" AS ENUM('fresh', 'frozen');--> statement-breakpoint
CREATE TYPE "public"."lot_status" AS ENUM('live', 'ended');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('photo', 'video');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'paid', 'ready_for_pickup', 'in_transit', 'completed', 'canceled', 'canceled_refunded');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999 START WITH 1 CACHE 1 CYCLE;--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"lot_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"awarded_quantity" integer
);
--> statement-breakpoint
CREATE TABLE "lot_media" (
	"lot_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lot_media_lot_id_media_id_pk" PRIMARY KEY("lot_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"boat_id" uuid,
	"boat_number" text NOT NULL,
	"boat_owner" text NOT NULL,
	"harbor" text NOT NULL,
	"freshness" "freshness" NOT NULL,
	"landed_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"species" text NOT NULL,
	"quantity" integer NOT NULL,
	"start_price" integer NOT NULL,
	"buyout_price" integer,
	"description" text,
	"note_size" text,
	"note_icing" text,
	"note_packaging" text,
	"status" "lot_status" DEFAULT 'live' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" "end_reason",
	"awarded_quantity" integer DEFAULT 0 NOT NULL,
	"awarded_amount" bigint DEFAULT 0 NOT NULL,
	"fee_bps" integer,
	"awarded_fee" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" "media_kind" NOT NULL,
	"file_name" text NOT NULL,
	"thumb_name" text,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"auction_id" uuid NOT NULL,
	"lot_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"species" text NOT NULL,
	"name" text NOT NULL,
	"grade" text,
	"freshness" "freshness" NOT NULL,
	"harbor" text NOT NULL,
	"boat_number" text NOT NULL,
	"landed_at" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"bid_id" uuid,
	"batch_number" text NOT NULL,
	"status" "order_status" DEFAULT 'pending_payment' NOT NULL,
	"subtotal" bigint NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_buyer_id_buyers_account_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_media" ADD CONSTRAINT "lot_media_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_media" ADD CONSTRAINT "lot_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_account_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_buyers_account_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_merchant_idx" ON "auctions" USING btree ("merchant_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_standing_key" ON "bids" USING btree ("lot_id","buyer_id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "bids_buyer_idx" ON "bids" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "lots_auction_idx" ON "lots" USING btree ("auction_id","position");--> statement-breakpoint
CREATE INDEX "lots_due_idx" ON "lots" USING btree ("ends_at") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "media_merchant_idx" ON "media" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_events_merchant_idx" ON "merchant_events" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_lot_buyer_key" ON "orders" USING btree ("lot_id","buyer_id");