CREATE TABLE "lot_bid_figures" (
	"lot_id" uuid PRIMARY KEY NOT NULL,
	"bid_count" integer NOT NULL,
	"bid_quantity" integer NOT NULL,
	"bid_amount" bigint NOT NULL,
	"highest_price" integer NOT NULL,
	"winning_amount" bigint NOT NULL,
	"winning_buyers" uuid[] NOT NULL,
	"winning_quantities" integer[] NOT NULL,
	"winning_amounts" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lot_bid_figures" ADD CONSTRAINT "lot_bid_figures_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A lot's figures from its standing bids, written over: counts and amounts, the best price and
-- the award window of sm_standing_wins (0014): its winners, by buyer id. A lot left without
-- standing bids has no row. Called by the triggers below, and once here for the lots that
-- already have bids.
CREATE FUNCTION "sm_refigure_lot"("p_lot" uuid) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
begin
  insert into lot_bid_figures as f (lot_id, bid_count, bid_quantity, bid_amount, highest_price,
      winning_amount, winning_buyers, winning_quantities, winning_amounts)
    select p_lot, count(*), sum(r.quantity), sum((r.quantity::bigint * r.price + 5) / 10),
        max(r.price), coalesce(sum(r.amount), 0),
        coalesce(array_agg(r.buyer_id order by r.buyer_id) filter (where r.won > 0), '{}'),
        coalesce(array_agg(r.won order by r.buyer_id) filter (where r.won > 0), '{}'),
        coalesce(array_agg(r.amount order by r.buyer_id) filter (where r.won > 0), '{}')
      from (select w.*, (w.won::bigint * w.price + 5) / 10 as amount
        from sm_standing_wins(array[p_lot]) w) r
      having count(*) > 0
    on conflict (lot_id) do update set bid_count = excluded.bid_count,
      bid_quantity = excluded.bid_quantity, bid_amount = excluded.bid_amount,
      highest_price = excluded.highest_price, winning_amount = excluded.winning_amount,
      winning_buyers = excluded.winning_buyers, winning_quantities = excluded.winning_quantities,
      winning_amounts = excluded.winning_amounts;
  if not found then
    delete from lot_bid_figures where lot_id = p_lot;
  end if;
end;
$$;--> statement-breakpoint
-- Every way a lot's standing bids change inserts a bid (a first bid, a raise that supersedes the
-- standing one just before, a buyout), whichever server release or function wrote it; a bid is
-- never updated otherwise. Refiguring on the insert keeps the figures true for them all. The lot
-- is locked by the writer (bids take turns on it), so two refigures of one lot never interleave.
CREATE FUNCTION "sm_bid_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform sm_refigure_lot(new.lot_id);
  return null;
end;
$$;--> statement-breakpoint
CREATE TRIGGER "bids_refigure_lot" AFTER INSERT ON "bids"
  FOR EACH ROW EXECUTE FUNCTION sm_bid_inserted();--> statement-breakpoint
-- Bids are deleted only with their lot or their buyer's account, each lot's once per statement.
CREATE FUNCTION "sm_bids_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  perform sm_refigure_lot(g.lot_id) from (select distinct lot_id from gone) g;
  return null;
end;
$$;--> statement-breakpoint
CREATE TRIGGER "bids_deleted_refigure_lot" AFTER DELETE ON "bids"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sm_bids_deleted();--> statement-breakpoint
-- 0015's bid, rule for rule, answering from the figures its insert has just kept rather than
-- ranking the lot's standing bids a second time. Same name and answer, so a server of the
-- previous release calls it too.
CREATE OR REPLACE FUNCTION "sm_place_bid_event"(
  "p_lot" uuid, "p_buyer" uuid, "p_quantity" integer, "p_price" integer, "p_now" timestamptz
) RETURNS TABLE (
  "outcome" text, "shortfall" bigint, "bid_count" integer, "highest_price" integer,
  "winning_quantity" integer, "event_id" bigint, "merchant_id" uuid, "auction_id" uuid
)
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_lot record;
  v_prev record;
  v_cover record;
  v_replaces bigint := 0;
  v_short bigint;
  v_event bigint;
  v_refusal text;
begin
  select l.merchant_id, l.auction_id, l.name, l.status, l.ends_at, l.quantity, l.start_price,
      l.buyout_price
    into v_lot from lots l where l.id = p_lot for update;
  if not found then
    v_refusal := 'NOT_FOUND';
  elsif v_lot.status <> 'live' or v_lot.ends_at <= p_now then
    v_refusal := 'LOT_ENDED';
  elsif p_price < v_lot.start_price then
    v_refusal := 'BID_BELOW_START';
  elsif v_lot.buyout_price is not null and p_price >= v_lot.buyout_price then
    v_refusal := 'BID_AT_BUYOUT';
  elsif p_quantity > v_lot.quantity then
    v_refusal := 'BID_OVER_QUANTITY';
  end if;
  if v_refusal is not null then
    return query select v_refusal, null::bigint, null::integer, null::integer, null::integer,
      null::bigint, null::uuid, null::uuid;
    return;
  end if;
  select b.id, b.quantity, b.price into v_prev
    from bids b where b.lot_id = p_lot and b.buyer_id = p_buyer and b.superseded_at is null;
  if found then
    -- A binding bid may only grow: never less kg or a lower price, and more of at least one.
    if not (p_price >= v_prev.price and p_quantity >= v_prev.quantity
        and (p_price > v_prev.price or p_quantity > v_prev.quantity)) then
      return query select 'BID_NOT_RAISED'::text, null::bigint, null::integer, null::integer,
        null::integer, null::bigint, null::uuid, null::uuid;
      return;
    end if;
    v_replaces := (v_prev.quantity::bigint * v_prev.price + 5) / 10;
  end if;
  -- The buyer's bids, payments and offers take turns on its account, as the wallet ledger's do.
  perform 1 from accounts a where a.id = p_buyer for no key update;
  select sm_buyer_balance(p_buyer) as balance, b.credit_limit, sm_buyer_exposure(p_buyer) as exposure,
      b.suspended_at is not null as suspended,
      (b.linked_merchant_id = v_lot.merchant_id or exists (
        select 1 from accounts m
        where m.id = v_lot.merchant_id and m.role = 'merchant' and m.phone = a.phone)) as same_party
    into v_cover
    from accounts a join buyers b on b.account_id = a.id where a.id = p_buyer;
  if not found then
    v_refusal := 'FORBIDDEN';
  elsif v_cover.suspended then
    v_refusal := 'BUYER_SUSPENDED';
  elsif coalesce(v_cover.same_party, false) then
    v_refusal := 'OWN_LOT';
  else
    v_short := v_cover.exposure - v_replaces + (p_quantity::bigint * p_price + 5) / 10
      - (v_cover.balance + v_cover.credit_limit);
    if v_short > 0 then
      v_refusal := 'INSUFFICIENT_BALANCE';
    end if;
  end if;
  if v_refusal is not null then
    return query select v_refusal, case when v_short > 0 then v_short end, null::integer,
      null::integer, null::integer, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if v_prev.id is not null then
    update bids set superseded_at = p_now where id = v_prev.id;
  end if;
  insert into bids (lot_id, buyer_id, quantity, price, created_at)
    values (p_lot, p_buyer, p_quantity, p_price, p_now);
  -- The merchant hears of the bid: the event its live screens follow and, unless it switched
  -- new_bid off, the notification (notifications.repo.ts writes every other type from its event).
  insert into merchant_events (merchant_id, type, auction_id, lot_id, order_id, created_at)
    values (v_lot.merchant_id, 'bid', v_lot.auction_id, p_lot, null, p_now)
    returning id into v_event;
  insert into notifications (merchant_id, type, lot_id, order_id, data, created_at)
    select v_lot.merchant_id, 'new_bid', p_lot, null,
      jsonb_build_object('lotName', v_lot.name, 'price', p_price, 'quantity', p_quantity), p_now
    where not exists (select 1 from notification_mutes nm
      where nm.merchant_id = v_lot.merchant_id and nm.type = 'new_bid');
  -- The bid's insert has refigured the lot (sm_refigure_lot): its answer reads the figures.
  return query select 'ok'::text, null::bigint, f.bid_count, f.highest_price,
      coalesce(f.winning_quantities[array_position(f.winning_buyers, p_buyer)], 0), v_event,
      v_lot.merchant_id, v_lot.auction_id
    from lot_bid_figures f where f.lot_id = p_lot;
end;
$$;--> statement-breakpoint
SELECT sm_refigure_lot(l.id) FROM lots l WHERE EXISTS (SELECT 1 FROM bids b WHERE b.lot_id = l.id);
