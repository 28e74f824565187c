-- A bid's database work made smaller (issue 20: accepted bids/s against plain INSERTs), rule for
-- rule the same bid; same names and answers, so a server of the previous release gains as well.
--
-- The buyer's exposure looks up each standing bid's lot by its key. As a join, without the
-- table statistics that a fresh database (and PGlite, which has no autovacuum) lacks, PostgreSQL
-- walked the live lots once per standing bid: about a fifth of a bid's database time.
CREATE OR REPLACE FUNCTION "sm_buyer_exposure"("buyer" uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
begin
  return coalesce((select sum((b.quantity::bigint * b.price + 5) / 10)
      from bids b
      where b.buyer_id = buyer and b.superseded_at is null
        and (select l.status from lots l where l.id = b.lot_id) = 'live'), 0)
    + coalesce((select sum(o.subtotal) from orders o
      where o.buyer_id = buyer and o.status = 'pending_payment'), 0);
end;
$$;--> statement-breakpoint
-- 0016's figures with the winners' arrays in the rows' one order rather than each sorted apart
-- (three sorts a refigure): they are read only side by side (array_position, unnest).
CREATE OR REPLACE FUNCTION "sm_refigure_lot"("p_lot" uuid) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
begin
  insert into lot_bid_figures as f (lot_id, bid_count, bid_quantity, bid_amount, highest_price,
      winning_amount, winning_buyers, winning_quantities, winning_amounts)
    select p_lot, count(*), sum(r.quantity), sum((r.quantity::bigint * r.price + 5) / 10),
        max(r.price), coalesce(sum(r.amount), 0),
        coalesce(array_agg(r.buyer_id) filter (where r.won > 0), '{}'),
        coalesce(array_agg(r.won) filter (where r.won > 0), '{}'),
        coalesce(array_agg(r.amount) filter (where r.won > 0), '{}')
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
-- 0016's bid with two savings. Its new_bid notification enters the push outbox (pushed_at null)
-- only when the merchant has a push subscription: otherwise there is nobody to push to, and the
-- push job's claim would rewrite the row (and its four index entries) for nothing, once a bid.
-- And under sm_place_bids, which refigures each lot after its last bid and answers from that, it
-- does not read figures the call is about to replace.
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
  -- Into the push outbox (pushed_at null) only when the merchant has a browser to push to.
  insert into notifications (merchant_id, type, lot_id, order_id, data, created_at, pushed_at)
    select v_lot.merchant_id, 'new_bid', p_lot, null,
      jsonb_build_object('lotName', v_lot.name, 'price', p_price, 'quantity', p_quantity), p_now,
      case when not exists (select 1 from push_subscriptions ps
        where ps.merchant_id = v_lot.merchant_id) then p_now end
    where not exists (select 1 from notification_mutes nm
      where nm.merchant_id = v_lot.merchant_id and nm.type = 'new_bid');
  -- Placed by sm_place_bids, which refigures the lot after its last bid and answers from that:
  -- the figures are not read here.
  if current_setting('sm.refigure_later', true) = 'on' then
    return query select 'ok'::text, null::bigint, null::integer, null::integer, null::integer,
      v_event, v_lot.merchant_id, v_lot.auction_id;
    return;
  end if;
  -- The bid's insert has refigured the lot (sm_refigure_lot): its answer reads the figures.
  return query select 'ok'::text, null::bigint, f.bid_count, f.highest_price,
      coalesce(f.winning_quantities[array_position(f.winning_buyers, p_buyer)], 0), v_event,
      v_lot.merchant_id, v_lot.auction_id
    from lot_bid_figures f where f.lot_id = p_lot;
end;
$$;
