-- The buyer's balance and exposure (migration 0013), the same rules in plpgsql. A SQL function
-- whose body holds a sub-select is not inlined, so PostgreSQL planned its body again on every
-- call: about 0.3 ms of the bid's 0.8 ms of database time went to planning the exposure's join
-- (pgbench, one client). A plpgsql function keeps its plans for the connection's life. Same
-- names and answers, so a server of the previous release gains as well.
CREATE OR REPLACE FUNCTION "sm_buyer_balance"("buyer" uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
begin
  return coalesce((select w.balance_after from wallet_entries w
    where w.account_id = buyer order by w.id desc limit 1), 0);
end;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sm_buyer_exposure"("buyer" uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
begin
  return coalesce((select sum((b.quantity::bigint * b.price + 5) / 10)
      from bids b join lots l on l.id = b.lot_id
      where b.buyer_id = buyer and b.superseded_at is null and l.status = 'live'), 0)
    + coalesce((select sum(o.subtotal) from orders o
      where o.buyer_id = buyer and o.status = 'pending_payment'), 0);
end;
$$;--> statement-breakpoint
-- A bid without the NOTIFY inside its transaction. PostgreSQL serialises the commits of all
-- transactions that NOTIFY: each holds a database-wide lock on the notification queue through its
-- commit and WAL flush, so bids that NOTIFY cannot share a flush with one another. In the bench,
-- 50 buyers bidding through sm_place_bid_notify (0014) spent most of their time waiting on that
-- lock (pg_stat_activity: Lock/object), at 8 % of the rate of plain INSERTs.
-- sm_place_bid_event is the same bid, rule for rule, and answers the event it wrote; the server
-- NOTIFYs it once the bid has committed, batched with the other events of the moment
-- (events.hub.ts announce), and every process's hub reads an event whose NOTIFY never came (the
-- server stopped in between) from merchant_events (events.hub.ts, gaps in the event ids).
-- A new name beside 0014's, kept for a server of the previous release during a rolling upgrade.
CREATE FUNCTION "sm_place_bid_event"(
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
  return query select 'ok'::text, null::bigint, count(*)::integer, max(w.price),
      coalesce(max(w.won) filter (where w.buyer_id = p_buyer), 0), v_event, v_lot.merchant_id,
      v_lot.auction_id
    from sm_standing_wins(array[p_lot]) w;
end;
$$;
