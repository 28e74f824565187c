-- The award rule (PRODUCT.md §4) as the database applies it while lots are live: the standing bids
-- of these lots, each with `won`, the kg it wins if its lot ended now. In rank order (price, then
-- time, then seq) each bid wins what the bids above it left of the lot. The lists
-- (auctions.repo.ts) and the bid function below read it; `allocate` is the same rule in
-- TypeScript, and bid-figures.api.test.ts holds the two together. A plain SQL function: the
-- planner inlines it into the query that calls it.
CREATE FUNCTION "sm_standing_wins"("p_lots" uuid[]) RETURNS TABLE (
  "lot_id" uuid, "buyer_id" uuid, "quantity" integer, "price" integer,
  "created_at" timestamptz, "fee_bps" integer, "won" integer
) LANGUAGE sql STABLE AS $$
  select b.lot_id, b.buyer_id, b.quantity, b.price, b.created_at, l.fee_bps,
    greatest(0, least(b.quantity, l.quantity - coalesce(sum(b.quantity) over (
      partition by b.lot_id order by b.price desc, b.created_at, b.seq
      rows between unbounded preceding and 1 preceding), 0)))::integer as won
  from bids b join lots l on l.id = b.lot_id
  where b.lot_id = any(p_lots) and b.superseded_at is null
$$;--> statement-breakpoint
-- A merchant event's NOTIFY, which every process's event hub (events.hub.ts) LISTENs for. The
-- payload is the row as the hub reads it (MerchantEventRow's keys). PostgreSQL delivers it when
-- (and if) the transaction commits.
CREATE FUNCTION "sm_notify_event"(
  "p_id" bigint, "p_merchant" uuid, "p_type" text, "p_auction" uuid, "p_lot" uuid,
  "p_order" uuid, "p_at" timestamptz
) RETURNS void LANGUAGE sql VOLATILE AS $$
  select pg_notify('merchant_events', json_build_object(
    'id', p_id, 'merchantId', p_merchant, 'type', p_type, 'auctionId', p_auction,
    'lotId', p_lot, 'orderId', p_order, 'createdAt', p_at)::text)
$$;--> statement-breakpoint
-- A bid or a raise (PRODUCT.md §4, §4a) in one call, and so in one round trip and one
-- transaction of its own: the lot locked, the rules in the order the API reports them, the
-- buyer's account locked and its cover read, the standing bid superseded and the new one
-- inserted, the merchant's event, its new_bid notification (unless switched off) and the NOTIFY
-- written, and the lot's figures after the bid read for the answer. Each statement of a plpgsql
-- function reads with a snapshot of its own, so what a lock waited for is seen, as with separate
-- statements, and the figures include the bid just inserted.
-- `p_now` is the server's clock (which tests move and freeze) as the bid was received: the bid's
-- time, and what the lot's end is checked against.
-- Answers one row: `outcome` is 'ok' or the error code (and `shortfall` for
-- INSUFFICIENT_BALANCE); on 'ok', the lot's standing bids, their highest price and what this
-- buyer's bid wins now.
-- A new name beside 0013's sm_place_bid, not a replacement: a server of the previous release,
-- still running against the same database during a rolling upgrade, keeps calling its own.
-- A later release drops sm_place_bid.
CREATE FUNCTION "sm_place_bid_notify"(
  "p_lot" uuid, "p_buyer" uuid, "p_quantity" integer, "p_price" integer, "p_now" timestamptz
) RETURNS TABLE (
  "outcome" text, "shortfall" bigint, "bid_count" integer, "highest_price" integer,
  "winning_quantity" integer
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
    return query select v_refusal, null::bigint, null::integer, null::integer, null::integer;
    return;
  end if;
  select b.id, b.quantity, b.price into v_prev
    from bids b where b.lot_id = p_lot and b.buyer_id = p_buyer and b.superseded_at is null;
  if found then
    -- A binding bid may only grow: never less kg or a lower price, and more of at least one.
    if not (p_price >= v_prev.price and p_quantity >= v_prev.quantity
        and (p_price > v_prev.price or p_quantity > v_prev.quantity)) then
      return query select 'BID_NOT_RAISED'::text, null::bigint, null::integer, null::integer,
        null::integer;
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
      null::integer, null::integer;
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
  perform sm_notify_event(v_event, v_lot.merchant_id, 'bid', v_lot.auction_id, p_lot, null, p_now);
  return query select 'ok'::text, null::bigint, count(*)::integer, max(w.price),
      coalesce(max(w.won) filter (where w.buyer_id = p_buyer), 0)
    from sm_standing_wins(array[p_lot]) w;
end;
$$;
