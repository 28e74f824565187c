-- A buyer's standing bid on a lot is found through either of two partial indexes: bids_standing_key
-- (lot, buyer) or this one. Without table statistics (a fresh database, PGlite: no autovacuum)
-- the planner costed both alike and often took this one, on the buyer alone, filtering the lot:
-- the buyer's lots list walked all of a buyer's standing bids once per lot shown (0.03 ms a lot,
-- 294 buffers a page of 21 in the bench; 58 with both columns). Keyed on both, either is exact;
-- the exposure (every standing bid of the buyer) reads its first column as before.
DROP INDEX "bids_buyer_standing_idx";--> statement-breakpoint
CREATE INDEX "bids_buyer_standing_idx" ON "bids" USING btree ("buyer_id","lot_id") WHERE superseded_at is null;