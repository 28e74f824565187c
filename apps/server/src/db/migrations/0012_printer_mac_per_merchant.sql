DROP INDEX "printers_mac_key";--> statement-breakpoint
CREATE UNIQUE INDEX "printers_merchant_mac_key" ON "printers" USING btree ("merchant_id","mac") WHERE "printers"."mac" is not null;