-- Bids taken together: the bids that reach a server process while its previous call is in the
-- database go in the next call, as one statement and one transaction (auctions.repo placeBids).
-- Each is 0016's sm_place_bid_event, rule for rule, in the order given; a refused bid refuses only
-- itself. A bid's event is NOTIFYd inside the transaction again, as every other event is:
-- PostgreSQL holds its notification queue's lock through each NOTIFYing commit (0015 says why one
-- per bid was too slow), which now comes once a call for all its bids, not once a bid, and no bid
-- needs a second round trip to announce it.
-- Every lot of the call is locked first, in id order, then every buyer's account: two calls that
-- share lots or buyers wait for one another instead of deadlocking, as one bid (a lot, then its
-- buyer) never could; whatever else locks several lots takes them in id order too (an auction's
-- delete). Should a call fail all the same, the server places its bids one by one.
-- A lot is refigured (0016) once a call, after its last bid, not on each bid's insert: ranking a
-- lot's standing bids was a third of a bid's time. Every accepted bid's answer then gives its
-- lot's figures as the call leaves them, the newest there are.
CREATE OR REPLACE FUNCTION "sm_bid_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  -- Set by sm_place_bids for its own bids only, and for its transaction only.
  if current_setting('sm.refigure_later', true) = 'on' then
    return null;
  end if;
  perform sm_refigure_lot(new.lot_id);
  return null;
end;
$$;--> statement-breakpoint
CREATE FUNCTION "sm_place_bids"(
  "p_lots" uuid[], "p_buyers" uuid[], "p_quantities" integer[], "p_prices" integer[],
  "p_nows" timestamptz[]
) RETURNS TABLE (
  "ord" integer, "outcome" text, "shortfall" bigint, "bid_count" integer, "highest_price" integer,
  "winning_quantity" integer
)
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_bid record;
  v_outcomes text[] := '{}';
  v_shortfalls bigint[] := '{}';
  v_first timestamptz := (select min(n) from unnest(p_nows) n);
  v_lots uuid[] := array(select l.id from lots l where l.id = any(p_lots));
  v_locked uuid[];
begin
  -- The lots still running at the call's first bid, locked in id order. One that had ended by
  -- then is not: its bids are refused below without waiting for it (the lot closer holds it
  -- while it awards), and the call does not stall the others behind it. A lot's end never moves.
  v_locked := array(select l.id from lots l
    where l.id = any(p_lots) and l.ends_at > v_first order by l.id for update);
  perform 1 from accounts a where a.id = any(p_buyers) order by a.id for no key update;
  -- sm_place_bid_event answers an accepted bid from its lot's figures row: a lot without one yet
  -- gets a blank, refigured below with the others.
  insert into lot_bid_figures as f (lot_id, bid_count, bid_quantity, bid_amount, highest_price,
      winning_amount, winning_buyers, winning_quantities, winning_amounts)
    select id, 0, 0, 0, 0, 0, '{}', '{}', '{}' from unnest(v_locked) id
    on conflict (lot_id) do nothing;
  perform set_config('sm.refigure_later', 'on', true);
  for i in 1 .. coalesce(array_length(p_lots, 1), 0) loop
    if p_lots[i] = any(v_lots) and not p_lots[i] = any(v_locked) then
      v_outcomes := array_append(v_outcomes, 'LOT_ENDED');
      v_shortfalls := array_append(v_shortfalls, null::bigint);
      continue;
    end if;
    select b.outcome, b.shortfall, b.event_id, b.merchant_id, b.auction_id into v_bid
      from sm_place_bid_event(p_lots[i], p_buyers[i], p_quantities[i], p_prices[i], p_nows[i]) b;
    if v_bid.event_id is not null then
      perform sm_notify_event(v_bid.event_id, v_bid.merchant_id, 'bid', v_bid.auction_id,
        p_lots[i], null, p_nows[i]);
    end if;
    v_outcomes := array_append(v_outcomes, v_bid.outcome);
    v_shortfalls := array_append(v_shortfalls, v_bid.shortfall);
  end loop;
  perform set_config('sm.refigure_later', 'off', true);
  perform sm_refigure_lot(id) from unnest(v_locked) id;
  return query select g.n, v_outcomes[g.n], v_shortfalls[g.n], f.bid_count, f.highest_price,
      case when v_outcomes[g.n] = 'ok'
        then coalesce(f.winning_quantities[array_position(f.winning_buyers, p_buyers[g.n])], 0) end
    from generate_subscripts(p_lots, 1) as g(n)
    left join lot_bid_figures f on f.lot_id = p_lots[g.n] and v_outcomes[g.n] = 'ok';
end;
$$;
