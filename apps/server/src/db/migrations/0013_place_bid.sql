-- A buyer's cover (PRODUCT.md §4a) in one place: the bid function below and the repos
-- (buyers.repo.ts) read it through these.
-- What the buyer's wallet holds: the balance after its newest ledger entry.
CREATE FUNCTION "sm_buyer_balance"("buyer" uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  select coalesce((select w.balance_after from wallet_entries w
    where w.account_id = buyer order by w.id desc limit 1), 0)
$$;--> statement-breakpoint
-- What the buyer has promised to pay: every standing bid on a live lot at its full amount, and
-- its orders awaiting payment.
CREATE FUNCTION "sm_buyer_exposure"("buyer" uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  select coalesce((select sum((b.quantity::bigint * b.price + 5) / 10)
      from bids b join lots l on l.id = b.lot_id
      where b.buyer_id = buyer and b.superseded_at is null and l.status = 'live'), 0)
    + coalesce((select sum(o.subtotal) from orders o
      where o.buyer_id = buyer and o.status = 'pending_payment'), 0)
$$;--> statement-breakpoint
-- A bid or a raise (PRODUCT.md §4, §4a), checked and written in one call: the lot locked, the
-- rules in the order the API reports them, the buyer's account locked and its cover read, the
-- standing bid superseded and the new one inserted. Each statement of a plpgsql function reads
-- with a snapshot of its own, so what a lock waited for is seen, as with separate statements.
-- `p_now` is the server's clock (which tests move and freeze) as the bid was received: the bid's
-- time, and what the lot's end is checked against.
-- Answers one row: `outcome` is 'ok' or the error code (and `shortfall` for
-- INSUFFICIENT_BALANCE); on 'ok', the lot's merchant and auction for the event.
CREATE FUNCTION "sm_place_bid"(
  "p_lot" uuid, "p_buyer" uuid, "p_quantity" integer, "p_price" integer, "p_now" timestamptz
) RETURNS TABLE ("outcome" text, "shortfall" bigint, "merchant_id" uuid, "auction_id" uuid)
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_lot record;
  v_prev record;
  v_cover record;
  v_replaces bigint := 0;
  v_short bigint;
begin
  select l.merchant_id, l.auction_id, l.status, l.ends_at, l.quantity, l.start_price, l.buyout_price
    into v_lot from lots l where l.id = p_lot for update;
  if not found then
    return query select 'NOT_FOUND'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if v_lot.status <> 'live' or v_lot.ends_at <= p_now then
    return query select 'LOT_ENDED'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if p_price < v_lot.start_price then
    return query select 'BID_BELOW_START'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if v_lot.buyout_price is not null and p_price >= v_lot.buyout_price then
    return query select 'BID_AT_BUYOUT'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if p_quantity > v_lot.quantity then
    return query select 'BID_OVER_QUANTITY'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  select b.id, b.quantity, b.price into v_prev
    from bids b where b.lot_id = p_lot and b.buyer_id = p_buyer and b.superseded_at is null;
  if found then
    -- A binding bid may only grow: never less kg or a lower price, and more of at least one.
    if not (p_price >= v_prev.price and p_quantity >= v_prev.quantity
        and (p_price > v_prev.price or p_quantity > v_prev.quantity)) then
      return query select 'BID_NOT_RAISED'::text, null::bigint, null::uuid, null::uuid;
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
    return query select 'FORBIDDEN'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if v_cover.suspended then
    return query select 'BUYER_SUSPENDED'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  if coalesce(v_cover.same_party, false) then
    return query select 'OWN_LOT'::text, null::bigint, null::uuid, null::uuid;
    return;
  end if;
  v_short := v_cover.exposure - v_replaces + (p_quantity::bigint * p_price + 5) / 10
    - (v_cover.balance + v_cover.credit_limit);
  if v_short > 0 then
    return query select 'INSUFFICIENT_BALANCE'::text, v_short, null::uuid, null::uuid;
    return;
  end if;
  if v_prev.id is not null then
    update bids set superseded_at = p_now where id = v_prev.id;
  end if;
  insert into bids (lot_id, buyer_id, quantity, price, created_at)
    values (p_lot, p_buyer, p_quantity, p_price, p_now);
  return query select 'ok'::text, null::bigint, v_lot.merchant_id, v_lot.auction_id;
end;
$$;
