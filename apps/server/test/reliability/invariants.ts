import { allocate } from '../../src/modules/auctions/award.js';
import { groupBy } from '../../src/lib/group-by.js';

/** Runs SQL on the database under test: a pg client, or PGlite opened on a server's data dir. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * What must hold in the database at any moment a transaction boundary can leave it in, whatever
 * the server was doing when it died (PRODUCT.md §4–6). Each check is a query that returns the rows
 * breaking it; ids and amounts are cast to text so that both drivers print them alike.
 */
const CHECKS: Record<string, string> = {
  'balance_after is the running sum of the account’s entries, never below zero': `
    select id::text, account_id::text, balance_after::text, running::text from (
      select id, account_id, balance_after,
        sum(amount) over (partition by account_id order by id) as running
      from wallet_entries) x
    where balance_after <> running or balance_after < 0`,

  'an entry names the order or withdrawal its type moves money for': `
    select id::text, type::text from wallet_entries
    where (type in ('payment', 'refund', 'sales_revenue', 'service_fee')) <> (order_id is not null)
       or (type in ('withdrawal', 'refund_received')) <> (withdrawal_id is not null)`,

  'an order is paid exactly when its buyer’s wallet paid the subtotal once': `
    select o.id::text, o.status::text from orders o
    left join wallet_entries w on w.order_id = o.id and w.type = 'payment'
    where (o.paid_at is not null) <> (w.id is not null)
       or (o.status in ('paid', 'ready_for_pickup', 'in_transit', 'completed', 'canceled_refunded'))
          <> (o.paid_at is not null)
       or (w.id is not null and (w.account_id <> o.buyer_id or w.amount <> -o.paid_amount
           or o.paid_amount <> o.subtotal))`,

  'a refund exists exactly for a Canceled & Refunded order, to its buyer, of the paid amount': `
    select o.id::text, o.status::text from orders o
    left join wallet_entries w on w.order_id = o.id and w.type = 'refund'
    where (o.status = 'canceled_refunded') <> (w.id is not null)
       or (w.id is not null and (w.account_id <> o.buyer_id or w.amount <> o.paid_amount))`,

  'a payout status exactly on Completed orders, with its day and time': `
    select id::text, status::text, payout_status::text from orders
    where (payout_status is not null) <> (status = 'completed')
       or (payout_status = 'scheduled' and payout_on is null)
       or coalesce(payout_status = 'completed', false) <> (payout_at is not null)`,

  'Sales Revenue and Service Fee exactly for a Payout Completed order, each once': `
    select o.id::text, o.payout_status::text from orders o
    left join wallet_entries r on r.order_id = o.id and r.type = 'sales_revenue'
    left join wallet_entries f on f.order_id = o.id and f.type = 'service_fee'
    where coalesce(o.payout_status = 'completed', false) <> (r.id is not null)
       or coalesce(o.payout_status = 'completed' and o.fee > 0, false) <> (f.id is not null)
       or (r.id is not null and (r.account_id <> o.merchant_id or r.amount <> o.subtotal))
       or (f.id is not null and (f.account_id <> o.merchant_id or f.amount <> -o.fee))`,

  'the payout runs counted each order they scheduled and paid out once': `
    select (select coalesce(sum(completed), 0) from payout_runs)::text as runs_completed,
      (select count(*) from orders where payout_status = 'completed')::text as orders_completed,
      (select coalesce(sum(scheduled), 0) from payout_runs)::text as runs_scheduled,
      (select count(*) from orders where payout_status in ('scheduled', 'completed'))::text
        as orders_scheduled
    where (select coalesce(sum(completed), 0) from payout_runs)
          <> (select count(*) from orders where payout_status = 'completed')
       or (select coalesce(sum(scheduled), 0) from payout_runs)
          <> (select count(*) from orders where payout_status in ('scheduled', 'completed'))`,

  'a withdrawal is debited once; reviewed wholly (status, reviewer, refund, audit) or not at all': `
    select w.id::text, w.status::text from withdrawals w
    left join wallet_entries d on d.withdrawal_id = w.id and d.type = 'withdrawal'
    left join wallet_entries r on r.withdrawal_id = w.id and r.type = 'refund_received'
    where d.id is null or d.amount <> -w.amount or d.account_id <> w.merchant_id
       or (w.status = 'rejected') <> (r.id is not null)
       or (r.id is not null and (r.amount <> w.amount or r.account_id <> w.merchant_id))
       or (w.status = 'pending') <> (w.reviewed_at is null)
       or (w.status = 'pending') <> (w.reviewed_by is null)
       or (w.status = 'rejected') <> (w.reject_reason is not null)
       or (select count(*) from operator_actions a
           where a.target_type = 'withdrawal' and a.target_id = w.id::text)
          <> case w.status when 'pending' then 0 else 1 end
       or exists (select 1 from operator_actions a
           where a.target_type = 'withdrawal' and a.target_id = w.id::text
             and a.action <> case w.status when 'completed' then 'withdrawal.approve'
                                           else 'withdrawal.reject' end)`,

  'one Withdrawal Reviewed notification per reviewed withdrawal': `
    select m.merchant_id::text, m.reviewed::text from (
      select merchant_id, count(*) filter (where status <> 'pending') as reviewed
      from withdrawals group by merchant_id) m
    where m.reviewed <> (select count(*) from notifications n
      where n.merchant_id = m.merchant_id and n.type = 'withdrawal_reviewed')`,

  // PRODUCT.md §4a: the record a merchant sees beside a bid, kept by the orders' trigger (0019).
  'a buyer’s kept record is what its orders make it': `
    select coalesce(o.buyer_id, r.buyer_id)::text as buyer, o.paid::text, r.orders_paid::text,
      o.on_time::text, r.paid_on_time::text, o.defaults::text, r.defaults::text as kept_defaults
    from (select buyer_id, count(*) filter (where paid_at is not null) as paid,
        count(*) filter (where paid_at is not null and not charged_at_deadline) as on_time,
        count(*) filter (where cancel_reason = 'default') as defaults
      from orders group by buyer_id) o
    full join buyer_records r on r.buyer_id = o.buyer_id
    where coalesce(o.paid, 0) <> coalesce(r.orders_paid, 0)
       or coalesce(o.on_time, 0) <> coalesce(r.paid_on_time, 0)
       or coalesce(o.defaults, 0) <> coalesce(r.defaults, 0)`,

  // Kept by lot_media's triggers (migration 0020): what the lists and pages show of a lot's media.
  'a lot’s kept media and thumbnail are its lot_media': `
    select id::text as lot, media::text as kept, sm_lot_media(id)::text as now, thumb_name
    from lots
    where media::jsonb <> sm_lot_media(id)::jsonb
       or thumb_name is distinct from sm_first_photo_thumb(media)`,

  // Money enters as deposits and leaves as withdrawals (unless rejected) and fees; in between it
  // is in a wallet or held for a paid order that is neither refunded nor paid out yet.
  'money is conserved: wallets + held for orders = deposits − withdrawn − fees': `
    select * from (
      select
        (select coalesce(sum(amount), 0) from wallet_entries where type = 'deposit') as deposits,
        (select coalesce(sum(amount), 0) from withdrawals where status <> 'rejected') as withdrawn,
        (select coalesce(sum(fee), 0) from orders where payout_status = 'completed') as fees,
        (select coalesce(sum(paid_amount), 0) from orders
          where paid_at is not null and status <> 'canceled_refunded'
            and payout_status is distinct from 'completed') as held,
        (select coalesce(sum(b), 0) from (
          select distinct on (account_id) balance_after as b from wallet_entries
          order by account_id, id desc) last) as wallets) s
    where wallets + held <> deposits - withdrawn - fees`,

  // PRODUCT.md §4a: an unpaid order canceled (a default or the merchant's cancel) gives its kg
  // back to the lot (returned kg); an offer of them is a new order of a losing bid; a relist
  // moves them to a new lot. So a bid's award is its end-of-lot order plus any offered shares,
  // and the lot's awarded figures are those of its orders that are not Canceled.
  'an ended lot’s orders are its winning bids and offered shares, and its totals add up': `
    select l.id::text from lots l
    where l.status = 'ended' and (
      l.ended_at is null or l.end_reason is null
      or exists (select 1 from bids b
        where b.lot_id = l.id and b.superseded_at is null and b.awarded_quantity is null)
      or exists (select 1 from bids b
        where b.lot_id = l.id and b.superseded_at is null and (
          (select count(*) from orders o where o.bid_id = b.id and not o.offered) > 1
          or b.awarded_quantity <> (select coalesce(sum(i.quantity), 0)
            from orders o join order_items i on i.order_id = o.id
            where o.bid_id = b.id and o.lot_id = l.id and o.buyer_id = b.buyer_id
              and i.price = b.price)))
      or exists (select 1 from orders o where o.lot_id = l.id and not exists (
        select 1 from bids b where b.id = o.bid_id and b.awarded_quantity > 0))
      or l.awarded_quantity <> (select coalesce(sum(i.quantity), 0)
        from orders o join order_items i on i.order_id = o.id
        where o.lot_id = l.id and o.status <> 'canceled')
      or l.awarded_quantity + l.returned_quantity + l.relisted_quantity
        <> (select coalesce(sum(i.quantity), 0)
          from orders o join order_items i on i.order_id = o.id
          where o.lot_id = l.id and not o.offered)
      or l.awarded_quantity + l.returned_quantity + l.relisted_quantity > l.quantity
      or l.returned_quantity < 0
      or l.relisted_quantity <> (select coalesce(sum(r.quantity), 0) from lots r
        where r.relisted_from = l.id)
      or l.awarded_amount <> (select coalesce(sum(subtotal), 0) from orders o
        where o.lot_id = l.id and o.status <> 'canceled')
      or l.awarded_fee <> (select coalesce(sum(fee), 0) from orders o
        where o.lot_id = l.id and o.status <> 'canceled')
      or (select count(*) from notifications n where n.lot_id = l.id and n.type = 'lot_ended') <> 1)`,

  'kg are returned exactly by unpaid orders canceled, with the reason why': `
    select o.id::text, o.status::text, o.cancel_reason::text from orders o
    where (o.status in ('canceled', 'canceled_refunded')) <> (o.cancel_reason is not null)
       or (o.status = 'canceled' and o.paid_at is not null)
       or (o.cancel_reason = 'default' and (o.status <> 'canceled'
         or not exists (select 1 from order_status_changes c
           where c.order_id = o.id and c.status = 'canceled' and c.actor = 'system')))
       or (o.charged_at_deadline and (o.paid_at is null or not exists (
         select 1 from order_status_changes c
           where c.order_id = o.id and c.status = 'paid' and c.actor = 'system')))`,

  'a live lot has no award, no order and no end notice': `
    select l.id::text from lots l
    where l.status = 'live' and (
      l.ended_at is not null
      or exists (select 1 from orders o where o.lot_id = l.id)
      or exists (select 1 from bids b where b.lot_id = l.id and b.awarded_quantity is not null)
      or exists (select 1 from notifications n where n.lot_id = l.id and n.type = 'lot_ended'))`,

  'an order has one item, priced half-up from kg × price, and the item is its subtotal': `
    select o.id::text from orders o
    where (select count(*) from order_items i where i.order_id = o.id) <> 1
       or exists (select 1 from order_items i where i.order_id = o.id
         and (i.amount <> o.subtotal or i.amount <> floor((i.quantity::bigint * i.price + 5) / 10)))`,

  'an order’s timeline ends in its status and never repeats a status': `
    select o.id::text, o.status::text from orders o
    where (select c.status from order_status_changes c where c.order_id = o.id
           order by c.id desc limit 1) is distinct from o.status
       or exists (select 1 from order_status_changes c where c.order_id = o.id
         group by c.status having count(*) > 1)`,
};

/** Each broken rule with a few of the rows that break it; empty when the database is sound. */
export async function brokenInvariants(query: Query): Promise<string[]> {
  const broken: string[] = [];
  for (const [rule, text] of Object.entries(CHECKS)) {
    const rows = await query(text);
    if (rows.length > 0) broken.push(`${rule}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  // The award rule itself (PRODUCT.md §4), recomputed from each time-ended lot's standing bids:
  // what each won at the end is its order that no offer made (§4a).
  const bids = await query(`
    select b.id::text, b.lot_id::text, b.seq::text, b.quantity, b.price, b.created_at,
      (select coalesce(sum(i.quantity), 0) from orders o join order_items i on i.order_id = o.id
        where o.bid_id = b.id and not o.offered)::int as awarded_quantity,
      l.quantity as lot_quantity
    from bids b join lots l on l.id = b.lot_id
    where l.status = 'ended' and l.end_reason = 'time' and b.superseded_at is null`);
  const byLot = groupBy(bids, (b) => String(b.lot_id));
  for (const [lotId, rows] of byLot) {
    const want = allocate(
      rows.map((r) => ({
        id: String(r.id),
        seq: Number(r.seq),
        quantity: Number(r.quantity),
        price: Number(r.price),
        createdAt: new Date(r.created_at as string | Date),
      })),
      Number(rows[0]?.lot_quantity),
    );
    for (const { bid, quantity } of want) {
      const got = Number(rows.find((r) => r.id === bid.id)?.awarded_quantity);
      if (got !== quantity) broken.push(`lot ${lotId}: bid ${bid.id} won ${got}, not ${quantity}`);
    }
  }
  return broken;
}
