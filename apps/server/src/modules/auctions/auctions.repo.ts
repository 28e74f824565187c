import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { BuyerRecord } from '@sm/contract';
import { rowsOf, type Tx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { buyerRecordJson } from '../buyers/index.js';
import {
  accounts,
  auctions,
  bids,
  lotBidFigures,
  lotMedia,
  lots,
  stores,
} from '../../db/schema.js';

export type LotRow = typeof lots.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

export async function insertAuction(tx: Tx, values: typeof auctions.$inferInsert) {
  const [row] = await tx.insert(auctions).values(values).returning();
  if (!row) throw new Error('auction insert returned nothing');
  return row;
}

export async function insertLot(
  tx: Tx,
  values: typeof lots.$inferInsert,
  mediaIds: readonly string[],
) {
  const [row] = await tx.insert(lots).values(values).returning({ id: lots.id });
  if (!row) throw new Error('lot insert returned nothing');
  if (mediaIds.length > 0) {
    await tx
      .insert(lotMedia)
      .values(mediaIds.map((mediaId, position) => ({ lotId: row.id, mediaId, position })));
  }
  return row.id;
}

/** The lot, locked until the transaction ends: bids, buyouts, the end and deletes take turns. */
export async function lockLot(tx: Tx, lotId: string) {
  const [row] = await tx.select().from(lots).where(eq(lots.id, lotId)).for('update');
  return row ?? null;
}

/**
 * The auction's lots, locked: its delete takes turns with their bids and ends. In id order, as
 * every statement that locks several lots takes them (sm_place_bids), so that none deadlocks.
 */
export async function lockLotsOfAuction(tx: Tx, auctionId: string) {
  return tx
    .select()
    .from(lots)
    .where(eq(lots.auctionId, auctionId))
    .orderBy(asc(lots.id))
    .for('update');
}

export async function auctionOf(tx: Tx, merchantId: string, auctionId: string, lock = false) {
  const query = tx
    .select()
    .from(auctions)
    .where(
      and(
        eq(auctions.id, auctionId),
        eq(auctions.merchantId, merchantId),
        isNull(auctions.deletedAt),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function markAuctionDeleted(tx: Tx, auctionId: string, at: Date) {
  await tx.update(auctions).set({ deletedAt: at }).where(eq(auctions.id, auctionId));
}

/** Standing bids (not superseded) of these lots, with the buyers' phones, in no set order. */
export async function standingBids(tx: Tx, lotIds: readonly string[]) {
  if (lotIds.length === 0) return [];
  return tx
    .select({ bid: bids, buyerPhone: accounts.phone })
    .from(bids)
    .innerJoin(accounts, eq(accounts.id, bids.buyerId))
    .where(and(inArray(bids.lotId, [...lotIds]), isNull(bids.supersededAt)));
}

/**
 * The lot of the outer query, in a subquery of its select list: spelled out, because Drizzle
 * leaves the columns of a one-table select unqualified, and a bare "id" in the subquery would be
 * its own table's.
 */
const OUTER_LOT = sql.raw('"lots"');
const OUTER_LOT_ID = sql`${OUTER_LOT}."id"`;

/**
 * A lot's standing bids' figures as the database keeps them (lot_bid_figures, which a lot without
 * bids has no row of: zeros), with the winners' service fee at the lot's fixed rate or else
 * `feeBps`, feeOf per winning amount. The query joins lot_bid_figures.
 */
const lotBidFiguresColumns = (feeBps: SQLWrapper) => ({
  bidCount: sql`coalesce(${lotBidFigures.bidCount}, 0)`.mapWith(Number),
  bidQuantity: sql`coalesce(${lotBidFigures.bidQuantity}, 0)`.mapWith(Number),
  bidAmount: sql`coalesce(${lotBidFigures.bidAmount}, 0)`.mapWith(Number),
  winningAmount: sql`coalesce(${lotBidFigures.winningAmount}, 0)`.mapWith(Number),
  winningFee: sql`coalesce((
    select sum((a * coalesce(${lots.feeBps}, ${feeBps}) + 5000) / 10000)
    from unnest(${lotBidFigures.winningAmounts}) a), 0)`.mapWith(Number),
});

/**
 * What the auction list shows of a lot: its figures, from its bids as the database keeps them, and
 * the thumbnail of its first photo. The query joins lots and lot_bid_figures.
 */
const listLotColumns = (feeBps: SQLWrapper) => ({
  // What the list adds up, not the whole row (29 fields): on PGlite each field is copied and
  // decoded in JavaScript on the database's thread.
  lot: {
    id: lots.id,
    auctionId: lots.auctionId,
    name: lots.name,
    species: lots.species,
    quantity: lots.quantity,
    status: lots.status,
    endsAt: lots.endsAt,
    awardedQuantity: lots.awardedQuantity,
    awardedAmount: lots.awardedAmount,
    awardedFee: lots.awardedFee,
  },
  figures: lotBidFiguresColumns(feeBps),
  // Kept on the lot with its media (migration 0020): read from the JSON, it cost the list's
  // statement a parse of each lot's media.
  thumbName: lots.thumbName,
});

/** What a buyer's list shows of a live lot's bids: how many, the best price, and its own. */
export interface BuyerLotFigures {
  bidCount: number;
  highestPrice: number | null;
  mine: { quantity: number; price: number; createdAt: Date; winningQuantity: number } | null;
}

/**
 * A lot's standing bids as `buyerId` sees them, as one JSON value: the count and the best price
 * the database keeps (the query joins lot_bid_figures), and its own bid with the kg it wins if
 * the lot ended now.
 */
const buyerFiguresJson = (buyerId: string | SQLWrapper) => sql<RawBuyerFigures>`json_build_object(
  'bidCount', coalesce(${lotBidFigures.bidCount}, 0), 'highestPrice', ${lotBidFigures.highestPrice},
  'mine', (select json_build_object('quantity', b.quantity, 'price', b.price,
      'createdAt', b.created_at, 'winningQuantity', coalesce(${lotBidFigures.winningQuantities}[
        array_position(${lotBidFigures.winningBuyers}, b.buyer_id)], 0))
    from ${bids} b
    where b.lot_id = ${OUTER_LOT_ID} and b.buyer_id = ${buyerId}::uuid and b.superseded_at is null))`;

type RawBuyerFigures = Omit<BuyerLotFigures, 'mine'> & {
  mine: (Omit<NonNullable<BuyerLotFigures['mine']>, 'createdAt'> & { createdAt: string }) | null;
};

const buyerFiguresOf = (raw: RawBuyerFigures): BuyerLotFigures => ({
  ...raw,
  mine: raw.mine && { ...raw.mine, createdAt: new Date(raw.mine.createdAt) },
});

/** One lot with its store's name and its media, as a buyer sees it, or null. */
export async function lotWithStore(tx: Tx, lotId: string) {
  const [row] = await tx
    .select({ lot: lots, storeName: stores.name })
    .from(lots)
    .leftJoin(stores, eq(stores.merchantId, lots.merchantId))
    .where(eq(lots.id, lotId));
  return row ?? null;
}

/** A rung of a ladder as the lot page's statement writes it in JSON (its time as text). */
type LadderJson = Omit<BidRow, 'lotId' | 'supersededAt' | 'createdAt'> & {
  createdAt: string;
  buyerPhone: string;
  record: BuyerRecord;
};

/**
 * The lot page's reads in one statement: the lot, its auction's lots in order (id, name, status,
 * end), its media, and its ladder: the standing bids in rank order (award.ts rankBids, so that the
 * ranking's sort finds them sorted) with the buyers' phones and records. The ladder comes as one
 * JSON value rather than a row a bid: on PostgreSQL one statement for two is a round trip less,
 * and one JSON.parse costs less than decoding each field of each row.
 */
const lotPageQuery = prepared('lot_page', (tx) =>
  tx
    .select({
      lot: lots,
      siblings: sql<{ id: string; name: string; status: LotRow['status']; endsAt: string }[]>`(
        select json_agg(json_build_object('id', s.id, 'name', s.name, 'status', s.status,
          'endsAt', s.ends_at) order by s.position)
        from ${lots} s where s.auction_id = ${OUTER_LOT}."auction_id")`,
      ladder: sql<LadderJson[] | null>`(
        select json_agg(json_build_object('id', b.id, 'seq', b.seq, 'buyerId', b.buyer_id,
          'quantity', b.quantity, 'price', b.price, 'createdAt', b.created_at,
          'awardedQuantity', b.awarded_quantity, 'buyerPhone', a.phone,
          'record', ${buyerRecordJson(sql`b.buyer_id`)})
          order by b.price desc, b.created_at, b.seq)
        from ${bids} b join ${accounts} a on a.id = b.buyer_id
        where b.lot_id = ${OUTER_LOT_ID} and b.superseded_at is null)`,
    })
    .from(lots)
    .where(eq(lots.id, sql.placeholder('lotId'))),
);

/** The lot page's reads (lotPageQuery), or null for no such lot. */
export async function lotPage(tx: Tx, lotId: string) {
  const [row] = await lotPageQuery(tx).execute({ lotId });
  if (!row) return null;
  const siblings = row.siblings.map((s) => ({ ...s, endsAt: new Date(s.endsAt) }));
  const standing = (row.ladder ?? []).map(({ buyerPhone, record, createdAt, ...bid }) => ({
    bid: { ...bid, createdAt: new Date(createdAt) },
    buyerPhone,
    record,
  }));
  return { lot: row.lot, siblings, standing };
}

/** One lot's figures as `buyerId` sees them (a buyout's answer). */
export async function buyerFiguresOfLot(tx: Tx, lotId: string, buyerId: string) {
  const [row] = await tx
    .select({ figures: buyerFiguresJson(buyerId) })
    .from(lots)
    .leftJoin(lotBidFigures, eq(lotBidFigures.lotId, lots.id))
    .where(eq(lots.id, lotId));
  return row ? buyerFiguresOf(row.figures) : null;
}

/** A bid or a raise as placeBids takes it: `now` is when the server received it. */
export interface NewBid {
  lotId: string;
  buyerId: string;
  quantity: number;
  price: number;
  now: Date;
}

/**
 * An array as PostgreSQL's text literal, each element quoted: one text parameter, which both
 * drivers send alike and the statement casts (PGlite and node-postgres each turn a JS array into
 * a parameter their own way), and one statement text whatever the length.
 */
const arrayLiteral = (values: readonly (string | number)[]): string =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Bids and raises through the database's sm_place_bids (migration 0017): for each, in order, the
 * lot and the buyer's account locked, every rule checked, the standing bid superseded and the new
 * one written with the merchant's event (NOTIFYd at commit) and notification; one statement, so
 * one round trip and one transaction for them all. Each answer's `outcome` is 'ok' (with the
 * lot's figures after the bid) or the refusal's code.
 */
export async function placeBids(db: Tx, placed: readonly NewBid[]) {
  const rows = rowsOf<{
    outcome: string;
    shortfall: string | number | null;
    bid_count: number | null;
    highest_price: number | null;
    winning_quantity: number | null;
  }>(
    await db.execute(sql`select outcome, shortfall, bid_count, highest_price, winning_quantity
      from sm_place_bids(${arrayLiteral(placed.map((b) => b.lotId))}::uuid[],
        ${arrayLiteral(placed.map((b) => b.buyerId))}::uuid[],
        ${arrayLiteral(placed.map((b) => b.quantity))}::integer[],
        ${arrayLiteral(placed.map((b) => b.price))}::integer[],
        ${arrayLiteral(placed.map((b) => b.now.toISOString()))}::timestamptz[])
      order by ord`),
  );
  return rows.map((row) => ({
    outcome: row.outcome,
    shortfall: row.shortfall === null ? null : Number(row.shortfall),
    bidCount: Number(row.bid_count ?? 0),
    highestPrice: row.highest_price,
    winningQuantity: Number(row.winning_quantity ?? 0),
  }));
}

export async function standingBidOf(tx: Tx, lotId: string, buyerId: string) {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.buyerId, buyerId), isNull(bids.supersededAt)));
  return row ?? null;
}

export async function supersedeBid(tx: Tx, bidId: string, at: Date) {
  await tx.update(bids).set({ supersededAt: at }).where(eq(bids.id, bidId));
}

export async function insertBid(tx: Tx, values: typeof bids.$inferInsert) {
  const [row] = await tx.insert(bids).values(values).returning();
  if (!row) throw new Error('bid insert returned nothing');
  return row;
}

/** The update of what each bid won, as a data-modifying WITH (it runs though nothing reads it). */
const awardedBids = (tx: Tx, awards: readonly { bidId: string; quantity: number }[]) => {
  const won = sql.join(
    awards.map((a) => sql`(${a.bidId}::uuid, ${a.quantity}::integer)`),
    sql`, `,
  );
  return tx.$with('awarded', {}).as(sql`
    update ${bids} set awarded_quantity = v.quantity
    from (values ${won}) as v(id, quantity) where ${bids.id} = v.id`);
};

/**
 * Writes a lot's award in one statement, however many bids it has: what each bid won (0 for a
 * losing bid) and the lot's end and totals.
 */
export async function writeAward(
  tx: Tx,
  lotId: string,
  awards: readonly { bidId: string; quantity: number }[],
  lot: Partial<typeof lots.$inferInsert>,
) {
  const update = (awards.length === 0 ? tx : tx.with(awardedBids(tx, awards))).update(lots);
  await update.set(lot).where(eq(lots.id, lotId));
}

export async function updateLot(tx: Tx, lotId: string, values: Partial<typeof lots.$inferInsert>) {
  await tx.update(lots).set(values).where(eq(lots.id, lotId));
}

/**
 * One live lot whose time is up, locked; a lot another process is ending is skipped, so each end
 * is written by exactly one process. `more` says whether another lot was due too, so that the
 * closer does not spend a transaction looking for none.
 */
export async function lockNextDueLot(tx: Tx, now: Date) {
  const [row] = await tx
    .select({
      lot: lots,
      more: sql<boolean>`exists (select 1 from ${lots} other where other.status = 'live'
        and other.ends_at <= ${now.toISOString()} and other.id <> ${lots}.id)`,
    })
    .from(lots)
    .where(and(eq(lots.status, 'live'), lte(lots.endsAt, now)))
    .orderBy(asc(lots.endsAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** When the first live lot ends (past: it is due), or null when none is live. */
export async function nextLotEnd(tx: Tx): Promise<Date | null> {
  const [row] = await tx
    .select({ endsAt: lots.endsAt })
    .from(lots)
    .where(eq(lots.status, 'live'))
    .orderBy(asc(lots.endsAt))
    .limit(1);
  return row?.endsAt ?? null;
}

/**
 * Live auctions (`live`) or the others at `at`, an ISO time or its placeholder: an auction is live
 * while it has not ended and a lot of it is live.
 */
const auctionsLive = (live: boolean, at: string | SQLWrapper) => {
  const isLive = sql`${auctions.endsAt} > ${at}::timestamptz and exists (select 1 from ${lots} where ${lots.auctionId} = ${auctions.id} and ${lots.status} = 'live')`;
  return live ? isLive : sql`not (${isLive})`;
};

export interface AuctionPageQuery {
  merchantId: string;
  live: boolean;
  now: Date;
  /** Name search pattern (already escaped for LIKE) and matching species codes. */
  search: { pattern: string; species: string[] } | null;
  after: { publishedAt: Date; id: string } | null;
  limit: number;
}

/** Where a page of auctions starts: after the cursor's auction, in the page's order. */
const afterAuction = (publishedAt: string | SQLWrapper, id: string | SQLWrapper) =>
  or(
    sql`${auctions.publishedAt} < ${publishedAt}::timestamptz`,
    and(
      sql`${auctions.publishedAt} = ${publishedAt}::timestamptz`,
      sql`${auctions.id} < ${id}::uuid`,
    ),
  )!;

/**
 * A page of the merchant's auctions not deleted (`where` adds to them), newest first, with their
 * lots in order, a row a lot (listLotColumns): the auction list in one statement. A page and its
 * lots in two took a round trip more, and the second, on an array of ids, was planned anew on
 * every call.
 */
const auctionListSelect = (
  tx: Tx,
  merchantId: SQLWrapper | string,
  where: SQL[],
  limit: number | ReturnType<typeof sql.placeholder>,
  feeBps: SQLWrapper,
) => {
  const page = tx.$with('page').as(
    tx
      .select({ id: auctions.id, publishedAt: auctions.publishedAt, endsAt: auctions.endsAt })
      .from(auctions)
      .where(and(eq(auctions.merchantId, merchantId), isNull(auctions.deletedAt), ...where))
      .orderBy(desc(auctions.publishedAt), desc(auctions.id))
      .limit(limit),
  );
  return tx
    .with(page)
    .select({
      auction: { id: page.id, publishedAt: page.publishedAt, endsAt: page.endsAt },
      ...listLotColumns(feeBps),
    })
    .from(page)
    .innerJoin(lots, eq(lots.auctionId, page.id))
    .leftJoin(lotBidFigures, eq(lotBidFigures.lotId, lots.id))
    .orderBy(desc(page.publishedAt), desc(page.id), asc(lots.position));
};

/**
 * A page without a search, as a prepared statement (live or not, first or later): the list every
 * visit opens, built and planned once rather than on every call.
 */
const preparedAuctionList = (live: boolean, after: boolean) =>
  prepared(`auction_list_${live ? 'live' : 'ended'}${after ? '_after' : ''}`, (tx) =>
    auctionListSelect(
      tx,
      sql.placeholder('merchantId'),
      [
        auctionsLive(live, sql.placeholder('now')),
        ...(after ? [afterAuction(sql.placeholder('afterAt'), sql.placeholder('afterId'))] : []),
      ],
      sql.placeholder('limit'),
      sql.placeholder('feeBps'),
    ),
  );
const auctionLists = {
  live: preparedAuctionList(true, false),
  liveAfter: preparedAuctionList(true, true),
  ended: preparedAuctionList(false, false),
  endedAfter: preparedAuctionList(false, true),
};

/**
 * A page of the merchant's auctions, newest first, with their lots (auctionListSelect); `feeBps`
 * is the rate of the winners' fee on lots that have none of their own.
 */
export async function auctionListPage(tx: Tx, q: AuctionPageQuery, feeBps: number) {
  const now = q.now.toISOString();
  if (!q.search) {
    const list = auctionLists[`${q.live ? 'live' : 'ended'}${q.after ? 'After' : ''}`];
    return list(tx).execute({
      merchantId: q.merchantId,
      now,
      limit: q.limit,
      feeBps,
      ...(q.after && { afterAt: q.after.publishedAt.toISOString(), afterId: q.after.id }),
    });
  }
  const speciesMatch =
    q.search.species.length > 0
      ? sql` or ${lots.species} in (${sql.join(
          q.search.species.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const where = [
    auctionsLive(q.live, now),
    sql`exists (select 1 from ${lots} where ${lots.auctionId} = ${auctions.id} and (${lots.name} ilike ${q.search.pattern}${speciesMatch}))`,
  ];
  if (q.after) where.push(afterAuction(q.after.publishedAt.toISOString(), q.after.id));
  return auctionListSelect(tx, q.merchantId, where, q.limit, sql`${feeBps}`);
}

/**
 * Home's figures (PRODUCT.md §4a), in one statement. Bid sales apply the award rule now: what the
 * standing bids of each live lot would win if it ended now, as the database keeps it
 * (lot_bid_figures: in rank order, price, then earliest, then acceptance, each bid wins what the
 * bids above it left of the lot, worth amountOf() of that). Sales are orders Paid or later and
 * not canceled; orders awaiting payment are counted apart.
 */
export async function dashboardTotals(tx: Tx, merchantId: string, now: Date) {
  const [row] = rowsOf<{
    live: string;
    bid_sales: string | null;
    sales: string | null;
    awaiting: string | null;
  }>(
    await tx.execute(sql`
      select
        (select count(*) from ${auctions}
          where ${auctions.merchantId} = ${merchantId} and ${auctionsLive(true, now.toISOString())}) as live,
        (select sum(f.winning_amount) from ${lots} l join ${lotBidFigures} f on f.lot_id = l.id
          where l.merchant_id = ${merchantId} and l.status = 'live'
            and l.ends_at > ${now.toISOString()}) as bid_sales,
        (select sum(o.subtotal) filter (where o.status in ('paid', 'ready_for_pickup', 'in_transit', 'completed'))
          from orders o where o.merchant_id = ${merchantId}) as sales,
        (select sum(o.subtotal) from orders o
          where o.merchant_id = ${merchantId} and o.status = 'pending_payment') as awaiting`),
  );
  return {
    liveAuctions: Number(row?.live ?? 0),
    totalBidSales: Number(row?.bid_sales ?? 0),
    totalSales: Number(row?.sales ?? 0),
    awaitingPayment: Number(row?.awaiting ?? 0),
  };
}

/**
 * Gives a canceled order's kg back to its lot as returned kg and takes them out of the awarded
 * figures (PRODUCT.md §4a). The caller holds the order's lock; the update takes the lot's.
 */
export async function returnToLot(
  tx: Tx,
  lotId: string,
  share: { quantity: number; amount: number; fee: number },
) {
  await tx
    .update(lots)
    .set({
      returnedQuantity: sql`${lots.returnedQuantity} + ${share.quantity}`,
      awardedQuantity: sql`${lots.awardedQuantity} - ${share.quantity}`,
      awardedAmount: sql`${lots.awardedAmount} - ${share.amount}`,
      awardedFee: sql`${lots.awardedFee} - ${share.fee}`,
    })
    .where(eq(lots.id, lotId));
}

/** Adds to what a bid won: a share of returned kg offered to it. */
export async function addAwardedQuantity(tx: Tx, bidId: string, quantity: number) {
  await tx
    .update(bids)
    .set({ awardedQuantity: sql`coalesce(${bids.awardedQuantity}, 0) + ${quantity}` })
    .where(eq(bids.id, bidId));
}

/** The lots that relist this lot's returned kg. */
export async function relistsOf(tx: Tx, lotId: string) {
  return tx
    .select({ id: lots.id, quantity: lots.quantity })
    .from(lots)
    .where(eq(lots.relistedFrom, lotId))
    .orderBy(asc(lots.publishedAt));
}

export async function copyLotMedia(tx: Tx, fromLotId: string, toLotId: string) {
  await tx.execute(sql`
    insert into ${lotMedia} (lot_id, media_id, position)
    select ${toLotId}, media_id, position from ${lotMedia} where lot_id = ${fromLotId}`);
}

/**
 * A page of live lots, ending soonest first, as `buyerId` sees them: store, figures and media in
 * the one statement.
 */
const liveLotPageQuery = (name: string, after: SQL | undefined) =>
  prepared(name, (tx) =>
    tx
      .select({
        // What a buyer's card shows (lotFacts), not the whole row: each field is decoded, and
        // five of the row's are timestamps.
        lot: {
          id: lots.id,
          auctionId: lots.auctionId,
          name: lots.name,
          species: lots.species,
          freshness: lots.freshness,
          harbor: lots.harbor,
          landedAt: lots.landedAt,
          quantity: lots.quantity,
          startPrice: lots.startPrice,
          buyoutPrice: lots.buyoutPrice,
          description: lots.description,
          noteSize: lots.noteSize,
          noteIcing: lots.noteIcing,
          notePackaging: lots.notePackaging,
          status: lots.status,
          publishedAt: lots.publishedAt,
          endsAt: lots.endsAt,
          endedAt: lots.endedAt,
          endReason: lots.endReason,
          boatNumber: lots.boatNumber,
        },
        storeName: stores.name,
        figures: buyerFiguresJson(sql.placeholder('buyerId')),
        media: lots.media,
      })
      .from(lots)
      .leftJoin(stores, eq(stores.merchantId, lots.merchantId))
      .leftJoin(lotBidFigures, eq(lotBidFigures.lotId, lots.id))
      .where(and(eq(lots.status, 'live'), gt(lots.endsAt, sql.placeholder('now')), after))
      .orderBy(asc(lots.endsAt), asc(lots.id))
      .limit(sql.placeholder('limit')),
  );
const firstLiveLotPage = liveLotPageQuery('live_lot_page', undefined);
const laterLiveLotPage = liveLotPageQuery(
  'live_lot_page_after',
  or(
    sql`${lots.endsAt} > ${sql.placeholder('afterAt')}::timestamptz`,
    and(
      sql`${lots.endsAt} = ${sql.placeholder('afterAt')}::timestamptz`,
      sql`${lots.id} > ${sql.placeholder('afterId')}::uuid`,
    ),
  ),
);

export async function liveLotPage(
  tx: Tx,
  buyerId: string,
  now: Date,
  after: { endsAt: Date; id: string } | null,
  limit: number,
) {
  const values = { buyerId, now: now.toISOString(), limit };
  const rows = await (after
    ? laterLiveLotPage(tx).execute({
        ...values,
        afterAt: after.endsAt.toISOString(),
        afterId: after.id,
      })
    : firstLiveLotPage(tx).execute(values));
  return rows.map((row) => ({ ...row, figures: buyerFiguresOf(row.figures) }));
}

/** A buyer's standing bids, newest first, with what its list shows of their lots. */
export async function bidsOfBuyer(tx: Tx, buyerId: string, limit: number) {
  return tx
    .select({
      bid: bids,
      // Not the whole row: a hundred bids would decode each lot's media and 30 other fields.
      lot: {
        id: lots.id,
        name: lots.name,
        species: lots.species,
        quantity: lots.quantity,
        status: lots.status,
        endsAt: lots.endsAt,
      },
    })
    .from(bids)
    .innerJoin(lots, eq(lots.id, bids.lotId))
    .where(and(eq(bids.buyerId, buyerId), isNull(bids.supersededAt)))
    .orderBy(desc(bids.createdAt), desc(bids.seq))
    .limit(limit);
}
