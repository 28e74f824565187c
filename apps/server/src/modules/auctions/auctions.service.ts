import {
  amountOf,
  type auctionListQuery,
  type AuctionSummary,
  type BidEntry,
  type createAuctionRequest,
  type Dashboard,
  feeOf,
  landingProblem,
  LOT_DURATION_MS,
  type LotAward,
  type LotDetail,
  type LotStatus,
  maskMalaysianMobile,
  type MediaItem,
  NO_RECORD,
  OFFER_WINDOW_MS,
  type OfferResponse,
  type RelistResponse,
  PAYMENT_WINDOW_MS,
  type Species,
  speciesMatching,
  type lotInput,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { groupBy } from '../../lib/group-by.js';
import { AppError } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { insertEvent } from '../events/index.js';
import { findMediaByIds, type MediaRow, mediaItemOf, thumbUrlOf } from '../media/index.js';
import { canceledBuyersOfLot, insertOrders, ordersOfLot } from '../orders/index.js';
import { lockBuyerCover, recordsOf } from '../buyers/index.js';
import { boatsOf } from '../boats/index.js';
import { businessStatusOf } from '../store/index.js';
import { serviceFeeBps } from '../system/index.js';
import type { FeeRateService } from '../system/settings.service.js';
import { allocate, rankBids } from './award.js';
import * as repo from './auctions.repo.js';
import type { BidRow, LotRow } from './auctions.repo.js';

type ParsedAuction = z.output<typeof createAuctionRequest>;
type ParsedLot = z.output<typeof lotInput>;
/** A standing bid of a ladder: what ranking and showing it read. */
export type StandingBid = { bid: Omit<BidRow, 'lotId' | 'supersededAt'>; buyerPhone: string };

/** A lot past its end that no process has awarded yet still counts as ended. */
export const lotStatusAt = (lot: Pick<LotRow, 'status' | 'endsAt'>, now: Date): LotStatus =>
  lot.status === 'live' && lot.endsAt > now ? 'live' : 'ended';

/** A standing bid in rank order, with the kg it wins now (live) or won (awarded). */
type Ranked<S extends StandingBid> = { entry: S; bid: S['bid']; quantity: number };

/**
 * The standing bids best first, each with the kg it wins if the lot ended now (live) or the kg it
 * won (awarded).
 */
function rankedAward<S extends StandingBid>(
  lot: Pick<LotRow, 'status' | 'quantity'>,
  standing: readonly S[],
): Ranked<S>[] {
  const entryOf = new Map(standing.map((s) => [s.bid, s]));
  const bids = standing.map((s) => s.bid);
  const ranked =
    lot.status === 'ended'
      ? rankBids(bids).map((bid) => ({ bid, quantity: bid.awardedQuantity ?? 0 }))
      : allocate(bids, lot.quantity);
  return ranked.map(({ bid, quantity }) => ({ entry: entryOf.get(bid) as S, bid, quantity }));
}

/** The kg each standing bid wins now (live) or won (awarded), by bid id. */
export function winningQuantities(
  lot: Pick<LotRow, 'status' | 'quantity'>,
  standing: readonly StandingBid[],
) {
  return new Map(rankedAward(lot, standing).map(({ bid, quantity }) => [bid.id, quantity]));
}

/** A rung of the ladder as the lot detail shows it, its buyer masked. */
const ladderEntry = ({ entry, bid, quantity }: Ranked<StandingBid>): BidEntry => ({
  id: bid.id,
  buyer: maskMalaysianMobile(entry.buyerPhone),
  quantity: bid.quantity,
  price: bid.price,
  amount: amountOf(bid.quantity, bid.price),
  at: bid.createdAt.toISOString(),
  winningQuantity: quantity,
});

/** The ladder as the lot detail shows it: best first, buyers masked. */
export const ladderOf = (lot: LotRow, standing: readonly StandingBid[]): BidEntry[] =>
  rankedAward(lot, standing).map(ladderEntry);

/** Amount and fee of what the ranked standing bids win now (live) or won (ended). */
function settlementOf(lot: LotRow, ranked: readonly Ranked<StandingBid>[], feeBps: number) {
  if (lot.status === 'ended') return { amount: lot.awardedAmount, fee: lot.awardedFee };
  let amount = 0;
  let fee = 0;
  for (const { bid, quantity } of ranked) {
    const a = amountOf(quantity, bid.price);
    amount += a;
    fee += feeOf(a, feeBps);
  }
  return { amount, fee };
}

/** Until then a lot's losing bids stay binding and its returned kg may be offered (§4a). */
const offerDeadline = (lot: LotRow) =>
  new Date((lot.endedAt ?? lot.endsAt).getTime() + OFFER_WINDOW_MS);

/**
 * The bids that returned kg may go to, in rank order, each with the kg it bid and was not given:
 * not the buyers whose orders of this lot were canceled (a default, or the merchant's cancel).
 */
function nextBidders<Bid extends StandingBid['bid']>(
  standing: readonly Bid[],
  canceledBuyers: ReadonlySet<string>,
) {
  return rankBids(standing)
    .map((bid) => ({ bid, left: bid.quantity - (bid.awardedQuantity ?? 0) }))
    .filter(({ bid, left }) => left > 0 && !canceledBuyers.has(bid.buyerId));
}

/**
 * The most kg (tenths, at most `wanted`) at this price whose amount `available` sen covers:
 * amountOf(q, p) = ⌊(q·p + 5) / 10⌋ ≤ a exactly when q·p ≤ 10a + 4.
 */
function largestCovered(wanted: number, price: number, available: number): number {
  if (available <= 0) return 0;
  return Math.min(wanted, Math.floor((available * 10 + 4) / price));
}

/** A share of a lot won by a bid: kg, amount and the fee at the rate fixed with it. */
type Share = { bid: BidRow; quantity: number; amount: number; fee: number };

/** The share of `quantity` kg at the bid's price, its fee rounded by feeOf. */
function shareOf(bid: BidRow, quantity: number, feeBps: number): Share {
  const amount = amountOf(quantity, bid.price);
  return { bid, quantity, amount, fee: feeOf(amount, feeBps) };
}

/** An order for a share of the lot at the bid's price (PRODUCT.md §5), awaiting payment 24 h. */
function orderOf(lot: LotRow, share: Share, feeBps: number, now: Date, offered: boolean) {
  return {
    order: {
      merchantId: lot.merchantId,
      buyerId: share.bid.buyerId,
      lotId: lot.id,
      bidId: share.bid.id,
      subtotal: share.amount,
      feeBps,
      fee: share.fee,
      offered,
      createdAt: now,
      payBy: new Date(now.getTime() + PAYMENT_WINDOW_MS),
    },
    item: {
      species: lot.species,
      name: lot.name,
      grade: lot.noteSize,
      freshness: lot.freshness,
      harbor: lot.harbor,
      boatNumber: lot.boatNumber,
      landedAt: lot.landedAt,
      quantity: share.quantity,
      price: share.bid.price,
      amount: share.amount,
    },
  };
}

const totalOf = (shares: readonly Share[]) =>
  shares.reduce(
    (t, s) => ({
      quantity: t.quantity + s.quantity,
      amount: t.amount + s.amount,
      fee: t.fee + s.fee,
    }),
    { quantity: 0, amount: 0, fee: 0 },
  );

/** The merchant's ended lot with returned kg, locked: what an offer or a relist starts from. */
async function lockReturnedLot(tx: Tx, merchantId: string, lotId: string) {
  const lot = await repo.lockLot(tx, lotId);
  if (!lot || lot.merchantId !== merchantId) throw new AppError('NOT_FOUND');
  if (lot.status !== 'ended' || lot.returnedQuantity === 0) throw new AppError('NOTHING_RETURNED');
  return lot;
}

/** What a relist copies of a lot: the catch and its terms, not its quantity or its times. */
const lotCopyOf = (lot: LotRow) => ({
  merchantId: lot.merchantId,
  boatId: lot.boatId,
  boatNumber: lot.boatNumber,
  boatOwner: lot.boatOwner,
  harbor: lot.harbor,
  freshness: lot.freshness,
  landedAt: lot.landedAt,
  name: lot.name,
  species: lot.species,
  startPrice: lot.startPrice,
  buyoutPrice: lot.buyoutPrice,
  description: lot.description,
  noteSize: lot.noteSize,
  noteIcing: lot.noteIcing,
  notePackaging: lot.notePackaging,
});

export function createAuctionService({
  db,
  clock,
  log,
  feeRate,
}: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  feeRate: FeeRateService;
}) {
  /** Checks what the contract cannot: the clock, and that boats and media are this merchant's. */
  async function checkLots(merchantId: string, lotsIn: ParsedLot[], now: Date) {
    const boats = new Map((await boatsOf(db, merchantId)).map((b) => [b.id, b]));
    const ids = lotsIn.flatMap((l) => [...l.photoIds, ...l.videoIds]);
    const owned = new Map((await findMediaByIds(db, merchantId, ids)).map((m) => [m.id, m]));
    return lotsIn.map((lot, i) => {
      const at = (field: string) => `lots.${i}.${field}`;
      const boat = boats.get(lot.boatId);
      if (!boat) throw new AppError('NOT_FOUND', { field: at('boatId') });
      const landedAt = new Date(lot.landedAt);
      const landing = landingProblem(landedAt, now);
      if (landing) throw new AppError(landing, { field: at('landedAt') });
      const mediaIds = [...lot.photoIds, ...lot.videoIds];
      if (new Set(mediaIds).size !== mediaIds.length) {
        throw new AppError('BAD_REQUEST', { field: at('photoIds') });
      }
      const check = (list: string[], kind: MediaRow['kind'], field: string) => {
        for (const id of list) {
          const m = owned.get(id);
          if (!m) throw new AppError('NOT_FOUND', { field: at(field) });
          if (m.kind !== kind) throw new AppError('UNSUPPORTED_FILE', { field: at(field) });
        }
      };
      check(lot.photoIds, 'photo', 'photoIds');
      check(lot.videoIds, 'video', 'videoIds');
      return { lot, boat, landedAt, mediaIds };
    });
  }

  async function publish(merchantId: string, input: ParsedAuction) {
    if ((await businessStatusOf(db, merchantId)) !== 'verified') throw new AppError('NOT_VERIFIED');
    const now = clock.now();
    const checked = await checkLots(merchantId, input.lots, now);
    const endsAt = new Date(now.getTime() + LOT_DURATION_MS);
    return db.transaction(async (tx) => {
      const auction = await repo.insertAuction(tx, { merchantId, publishedAt: now, endsAt });
      const lotIds: string[] = [];
      for (const [position, { lot, boat, landedAt, mediaIds }] of checked.entries()) {
        const id = await repo.insertLot(
          tx,
          {
            auctionId: auction.id,
            merchantId,
            position,
            boatId: boat.id,
            boatNumber: boat.boatNumber,
            boatOwner: boat.ownerName,
            harbor: lot.harbor,
            freshness: lot.freshness,
            landedAt,
            name: lot.name,
            species: lot.species,
            quantity: lot.quantity,
            startPrice: lot.startPrice,
            buyoutPrice: lot.buyoutPrice ?? null,
            description: lot.description ?? null,
            noteSize: lot.notes.size ?? null,
            noteIcing: lot.notes.icing ?? null,
            notePackaging: lot.notes.packaging ?? null,
            publishedAt: now,
            endsAt,
          },
          mediaIds,
        );
        lotIds.push(id);
      }
      await insertEvent(tx, {
        merchantId,
        type: 'auction_published',
        auctionId: auction.id,
        lotId: null,
        createdAt: now,
      });
      return { id: auction.id, lotIds, endsAt: endsAt.toISOString() };
    });
  }

  /**
   * Ends a locked live lot: awards it (PRODUCT.md §4) and creates the winners' orders, in the
   * caller's transaction. `buyoutBid` gives that bid the whole lot and every other bid loses.
   * The lot stays locked throughout, so its statements are few and as many for one winner as for
   * fifty: the bids and the fee rate read, the orders written (insertOrders: two), the award
   * written, the event.
   */
  async function endLot(
    tx: Tx,
    lot: LotRow,
    now: Date,
    buyoutBid: BidRow | null = null,
  ): Promise<void> {
    const standing = (await repo.standingBids(tx, [lot.id])).map((s) => s.bid);
    const allocations = buyoutBid
      ? standing.map((bid) => ({ bid, quantity: bid.id === buyoutBid.id ? lot.quantity : 0 }))
      : allocate(standing, lot.quantity);
    const feeBps = await serviceFeeBps(tx);
    const won = allocations
      .filter(({ quantity }) => quantity > 0)
      .map(({ bid, quantity }) => shareOf(bid, quantity, feeBps));
    // In rank order, so that the order numbers are too.
    await insertOrders(
      tx,
      won.map((share) => orderOf(lot, share, feeBps, now, false)),
    );
    const total = totalOf(won);
    await repo.writeAward(
      tx,
      lot.id,
      allocations.map(({ bid, quantity }) => ({ bidId: bid.id, quantity })),
      {
        status: 'ended',
        endedAt: buyoutBid ? now : lot.endsAt,
        endReason: buyoutBid ? 'buyout' : 'time',
        awardedQuantity: total.quantity,
        awardedAmount: total.amount,
        awardedFee: total.fee,
        feeBps,
      },
    );
    await insertEvent(tx, {
      merchantId: lot.merchantId,
      type: buyoutBid ? 'buyout' : 'lot_ended',
      auctionId: lot.auctionId,
      lotId: lot.id,
      createdAt: now,
    });
  }

  /**
   * Ends every lot whose time is up, one transaction each. Any number of processes may run this at
   * once: each lot is locked by one of them and skipped by the others, and a lot already ended is
   * not touched again. A crash rolls the whole end back; the next run does it. The lock and the
   * bids are read by separate statements: one statement sees the bids of its start, and a bid
   * committed between that and the lock would be left out of the award.
   */
  async function closeDueLots(): Promise<number> {
    let ended = 0;
    for (;;) {
      const now = clock.now();
      const more = await db.transaction(async (tx) => {
        const due = await repo.lockNextDueLot(tx, now);
        if (!due) return null;
        await endLot(tx, due.lot, now);
        return due.more;
      });
      if (more === null) return ended;
      ended += 1;
      if (!more) return ended;
    }
  }

  /** When the lot closer has work next: the first live lot's end. */
  async function nextLotEnd(): Promise<Date | null> {
    return repo.nextLotEnd(db);
  }

  async function list(merchantId: string, query: z.output<typeof auctionListQuery>) {
    const now = clock.now();
    const after = decodeCursor(query.cursor);
    const q = query.q?.trim();
    const rows = await repo.auctionListPage(
      db,
      {
        merchantId,
        live: query.status === 'live',
        now,
        search: q ? { pattern: containsPattern(q), species: speciesMatching(q) } : null,
        after: after && { publishedAt: after.at, id: after.id },
        limit: query.limit + 1,
      },
      await feeRate.current(),
    );
    // A row a lot, the page's auctions in order: one more than the page tells that more follow.
    const page = [...groupBy(rows, (r) => r.auction.id).values()];
    const more = page.length > query.limit;
    const shown = page.slice(0, query.limit);

    const items: AuctionSummary[] = shown.map((rows) => {
      const its = rows.map((r) => r.lot);
      const [first] = rows;
      if (!first) throw new Error('an auction of the page without its lots');
      const { auction } = first;
      let bidQuantity = 0;
      let bidAmount = 0;
      let bidCount = 0;
      let settlement = 0;
      for (const { lot, figures: f } of rows) {
        bidCount += f.bidCount;
        bidQuantity += f.bidQuantity;
        bidAmount += f.bidAmount;
        // An ended lot's settlement is what its award wrote; a live one's, what its bids win now.
        settlement +=
          lot.status === 'ended'
            ? lot.awardedAmount - lot.awardedFee
            : f.winningAmount - f.winningFee;
      }
      const live = its.some((l) => lotStatusAt(l, now) === 'live');
      return {
        id: auction.id,
        name: first.lot.name,
        species: [...new Set(its.map((l) => l.species as Species))],
        lotCount: its.length,
        firstLotId: first.lot.id,
        thumbUrl: thumbUrlOf(first.thumbName),
        totalQuantity: its.reduce((s, l) => s + l.quantity, 0),
        bidQuantity,
        bidAmount,
        status: live ? 'live' : 'ended',
        publishedAt: auction.publishedAt.toISOString(),
        endsAt: auction.endsAt.toISOString(),
        awardedQuantity: its.reduce((s, l) => s + l.awardedQuantity, 0),
        awardedAmount: its.reduce((s, l) => s + l.awardedAmount, 0),
        projectedSettlement: settlement,
        canDelete: !live || bidCount === 0,
      };
    });
    const last = shown.at(-1)?.[0]?.auction;
    return {
      items,
      nextCursor: more && last ? encodeCursor(last.publishedAt, last.id) : null,
      serverNow: now.toISOString(),
    };
  }

  async function dashboard(merchantId: string): Promise<Dashboard> {
    return repo.dashboardTotals(db, merchantId, clock.now());
  }

  async function lotDetail(merchantId: string, lotId: string): Promise<LotDetail> {
    // The lot with its siblings, media and ladder: a live lot's page is this one statement.
    // Another merchant's lot reads its ladder for nothing and answers as a missing one.
    const row = await repo.lotPage(db, lotId);
    if (!row || row.lot.merchantId !== merchantId) throw new AppError('NOT_FOUND');
    const { lot, siblings, standing } = row;
    const now = clock.now();
    const ended = lot.status === 'ended';
    const [feeBps, winners, relists, canceled] = await Promise.all([
      lot.feeBps === null ? feeRate.current() : Promise.resolve(lot.feeBps),
      ended ? ordersOfLot(db, lot.id) : Promise.resolve([]),
      ended ? repo.relistsOf(db, lot.id) : Promise.resolve([]),
      ended && lot.returnedQuantity > 0
        ? canceledBuyersOfLot(db, lot.id)
        : Promise.resolve(new Set<string>()),
    ]);
    const records = new Map(standing.map((s) => [s.bid.buyerId, s.record]));
    for (const [id, record] of await recordsOf(
      db,
      winners.map((w) => w.buyerId).filter((id) => !records.has(id)),
    )) {
      records.set(id, record);
    }
    const recordOf = (buyerId: string) => records.get(buyerId) ?? NO_RECORD;
    const media = lot.media.map(mediaItemOf);
    // Ranked once, for the ladder and the settlement.
    const ranked = rankedAward(lot, standing);
    // Each rung gets its record added, not spread into a copy (as buyerView: a copy a bid cost).
    const bidsShown = ranked.map((r) =>
      Object.assign(ladderEntry(r), { record: recordOf(r.bid.buyerId) }),
    );
    const settlement = settlementOf(lot, ranked, feeBps);
    let award: LotAward | null = null;
    if (ended) {
      const shown = winners.map((w) => ({
        buyer: maskMalaysianMobile(w.buyerPhone),
        quantity: w.quantity,
        price: w.price,
        amount: w.amount,
        orderNumber: w.number,
        orderId: w.id,
        status: w.status,
        cancelReason: w.cancelReason,
        offered: w.offered,
        record: recordOf(w.buyerId),
      }));
      const buyout = lot.endReason === 'buyout' ? shown[0] : undefined;
      const phoneOfBid = new Map(standing.map((s) => [s.bid.id, s.buyerPhone]));
      const offerOpen = lot.returnedQuantity > 0 && now < offerDeadline(lot);
      award = {
        awardedQuantity: lot.awardedQuantity,
        awardedAmount: lot.awardedAmount,
        unsoldQuantity:
          lot.quantity - lot.awardedQuantity - lot.returnedQuantity - lot.relistedQuantity,
        returnedQuantity: lot.returnedQuantity,
        relistedQuantity: lot.relistedQuantity,
        relistedLots: relists,
        offerUntil: offerOpen ? offerDeadline(lot).toISOString() : null,
        nextBidders: offerOpen
          ? nextBidders(
              standing.map((s) => s.bid),
              canceled,
            ).map(({ bid, left }) => ({
              buyer: maskMalaysianMobile(phoneOfBid.get(bid.id) ?? ''),
              quantity: left,
              price: bid.price,
              record: recordOf(bid.buyerId),
            }))
          : [],
        serviceFee: lot.awardedFee,
        projectedSettlement: lot.awardedAmount - lot.awardedFee,
        winners: shown,
        buyout: buyout ? { buyer: buyout.buyer, price: buyout.price, amount: buyout.amount } : null,
      };
    }
    return {
      ...lotFacts(lot, media, now),
      position: lot.position,
      boat: { id: lot.boatId ?? '', boatNumber: lot.boatNumber, ownerName: lot.boatOwner },
      bids: bidsShown,
      bidQuantity: bidsShown.reduce((s, b) => s + b.quantity, 0),
      bidAmount: bidsShown.reduce((s, b) => s + b.amount, 0),
      serviceFeeRate: feeBps,
      projectedSettlement: settlement.amount - settlement.fee,
      award,
      relistedFrom: lot.relistedFrom,
      siblings: siblings.map((s) => ({ id: s.id, name: s.name, status: lotStatusAt(s, now) })),
      serverNow: now.toISOString(),
    };
  }

  /**
   * PRODUCT.md §4a: the lot's returned kg go to the next bidders in rank order at their own prices,
   * each as much as its bid left unawarded and its cover allows; each share is a new order awaiting
   * payment. Kg nobody could take stay returned, for another offer or a relist.
   */
  async function offerReturned(merchantId: string, lotId: string): Promise<OfferResponse> {
    return db.transaction(async (tx) => {
      const lot = await lockReturnedLot(tx, merchantId, lotId);
      const now = clock.now();
      if (now >= offerDeadline(lot)) throw new AppError('OFFER_CLOSED');
      const standing = await repo.standingBids(tx, [lot.id]);
      const phoneOf = new Map(standing.map((s) => [s.bid.buyerId, s.buyerPhone]));
      const candidates = nextBidders(
        standing.map((s) => s.bid),
        await canceledBuyersOfLot(tx, lot.id),
      );
      // Every candidate's account, locked in one order (by id) so that two offers never deadlock.
      const covers = new Map<string, Awaited<ReturnType<typeof lockBuyerCover>>>();
      for (const id of [...new Set(candidates.map((c) => c.bid.buyerId))].sort()) {
        covers.set(id, await lockBuyerCover(tx, id, merchantId));
      }
      const feeBps = lot.feeBps ?? (await serviceFeeBps(tx));
      const shares: Share[] = [];
      let left = lot.returnedQuantity;
      for (const { bid, left: wants } of candidates) {
        if (left === 0) break;
        const cover = covers.get(bid.buyerId);
        if (!cover || cover.suspended || cover.sameParty) continue;
        const available = cover.balance + cover.creditLimit - cover.exposure;
        const quantity = largestCovered(Math.min(wants, left), bid.price, available);
        if (quantity === 0) continue;
        const share = shareOf(bid, quantity, feeBps);
        shares.push(share);
        await repo.addAwardedQuantity(tx, bid.id, quantity);
        // The new order is exposure too: a buyer with two bids on the lot is held to both.
        cover.exposure += share.amount;
        left -= quantity;
      }
      const orders = await insertOrders(
        tx,
        shares.map((share) => orderOf(lot, share, feeBps, now, true)),
      );
      if (shares.length > 0) {
        const given = totalOf(shares);
        await repo.updateLot(tx, lot.id, {
          returnedQuantity: left,
          awardedQuantity: lot.awardedQuantity + given.quantity,
          awardedAmount: lot.awardedAmount + given.amount,
          awardedFee: lot.awardedFee + given.fee,
        });
        await insertEvent(tx, {
          merchantId,
          type: 'order_updated',
          auctionId: lot.auctionId,
          lotId: lot.id,
          createdAt: now,
        });
      }
      // insertOrders answers in the order given: the i-th order is the i-th share's.
      const offered = shares.map(({ bid, quantity, amount }, i) => ({
        buyer: maskMalaysianMobile(phoneOf.get(bid.buyerId) ?? ''),
        quantity,
        price: bid.price,
        amount,
        orderNumber: orders[i]!.number,
      }));
      log.info({ merchantId, lotId, offered: offered.length, left }, 'returned kg offered');
      return { offered, returnedQuantity: left };
    });
  }

  /** PRODUCT.md §4a: the lot's returned kg as a new lot, live for 15 minutes from now. */
  async function relistReturned(merchantId: string, lotId: string): Promise<RelistResponse> {
    if ((await businessStatusOf(db, merchantId)) !== 'verified') throw new AppError('NOT_VERIFIED');
    return db.transaction(async (tx) => {
      const lot = await lockReturnedLot(tx, merchantId, lotId);
      const now = clock.now();
      const endsAt = new Date(now.getTime() + LOT_DURATION_MS);
      const quantity = lot.returnedQuantity;
      const auction = await repo.insertAuction(tx, { merchantId, publishedAt: now, endsAt });
      const newLotId = await repo.insertLot(
        tx,
        {
          ...lotCopyOf(lot),
          auctionId: auction.id,
          position: 0,
          quantity,
          publishedAt: now,
          endsAt,
          relistedFrom: lot.id,
        },
        [],
      );
      await repo.copyLotMedia(tx, lot.id, newLotId);
      await repo.updateLot(tx, lot.id, {
        returnedQuantity: 0,
        relistedQuantity: lot.relistedQuantity + quantity,
      });
      await insertEvent(tx, {
        merchantId,
        type: 'auction_published',
        auctionId: auction.id,
        lotId: newLotId,
        createdAt: now,
      });
      log.info({ merchantId, lotId, newLotId, quantity }, 'returned kg relisted');
      return { auctionId: auction.id, lotId: newLotId, quantity, endsAt: endsAt.toISOString() };
    });
  }

  /** PRODUCT.md §4: no bids → gone at any time; bids → not while live; ended → hidden, orders stay. */
  async function remove(merchantId: string, auctionId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const auction = await repo.auctionOf(tx, merchantId, auctionId, true);
      if (!auction) throw new AppError('NOT_FOUND');
      const now = clock.now();
      const its = await repo.lockLotsOfAuction(tx, auctionId);
      const live = its.filter((l) => lotStatusAt(l, now) === 'live');
      if (live.length > 0) {
        const standing = await repo.standingBids(
          tx,
          its.map((l) => l.id),
        );
        if (standing.length > 0) throw new AppError('AUCTION_HAS_BIDS');
        for (const lot of live) {
          await repo.updateLot(tx, lot.id, { status: 'ended', endedAt: now });
        }
      }
      await repo.markAuctionDeleted(tx, auctionId, now);
      await insertEvent(tx, {
        merchantId,
        type: 'auction_deleted',
        auctionId,
        lotId: null,
        createdAt: now,
      });
    });
    log.info({ merchantId, auctionId }, 'auction deleted');
  }

  return {
    publish,
    closeDueLots,
    nextLotEnd,
    endLot,
    list,
    dashboard,
    lotDetail,
    offerReturned,
    relistReturned,
    remove,
  };
}

export type AuctionService = ReturnType<typeof createAuctionService>;

/** The lot's fields lotFacts reads: a buyer's page selects only these. */
export type LotFactsRow = Pick<
  LotRow,
  | 'id'
  | 'auctionId'
  | 'name'
  | 'species'
  | 'freshness'
  | 'harbor'
  | 'landedAt'
  | 'quantity'
  | 'startPrice'
  | 'buyoutPrice'
  | 'description'
  | 'noteSize'
  | 'noteIcing'
  | 'notePackaging'
  | 'status'
  | 'publishedAt'
  | 'endsAt'
  | 'endedAt'
  | 'endReason'
>;

/** What merchants and buyers both see of a lot. */
export function lotFacts(lot: LotFactsRow, media: MediaItem[], now: Date) {
  return {
    id: lot.id,
    auctionId: lot.auctionId,
    name: lot.name,
    species: lot.species as Species,
    freshness: lot.freshness,
    harbor: lot.harbor,
    landedAt: lot.landedAt.toISOString(),
    quantity: lot.quantity,
    startPrice: lot.startPrice,
    buyoutPrice: lot.buyoutPrice,
    description: lot.description,
    notes: { size: lot.noteSize, icing: lot.noteIcing, packaging: lot.notePackaging },
    photos: media.filter((m) => m.kind === 'photo'),
    video: media.find((m) => m.kind === 'video') ?? null,
    status: lotStatusAt(lot, now),
    publishedAt: lot.publishedAt.toISOString(),
    endsAt: lot.endsAt.toISOString(),
    endedAt: lot.endedAt?.toISOString() ?? null,
    endReason: lot.endReason,
  };
}
