import {
  amountOf,
  type BuyerLot,
  ERROR_CODES,
  type ErrorCode,
  type buyerBidsResponse,
  type buyerLotDetail,
  type buyerLotListQuery,
  type PlacedBid,
  type Species,
} from '@sm/contract';
import type { z } from 'zod';
import { type Db, sqlStateOf } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { batched } from '../../lib/batched.js';
import { groupBy } from '../../lib/group-by.js';
import { AppError } from '../../lib/errors.js';
import { assertCovered, insufficientBalance } from '../buyers/index.js';
import { mediaItemOf } from '../media/index.js';
import * as repo from './auctions.repo.js';
import type { BuyerLotFigures, LotRow } from './auctions.repo.js';
import {
  type AuctionService,
  ladderOf,
  lotFacts,
  type LotFactsRow,
  lotStatusAt,
  type StandingBid,
  winningQuantities,
} from './auctions.service.js';

const LIST_LIMIT = 100;
/**
 * The most bids one statement places. A call holds all its lots' locks until it commits: at about
 * half a millisecond of the database's time a bid, 32 hold them some 16 ms at most.
 */
const BIDS_PER_CALL = 32;

/** Where each refusal of the bid function points in the request. */
const FIELD_OF: Partial<Record<ErrorCode, string>> = {
  BID_BELOW_START: 'price',
  BID_AT_BUYOUT: 'price',
  BID_OVER_QUANTITY: 'quantity',
};

/**
 * A lot's figures for one buyer from its standing bids already read (the lot page, which shows
 * the whole ladder); a list and a bid read those the database keeps (lot_bid_figures).
 */
export function buyerFigures(
  lot: Pick<LotRow, 'status' | 'quantity'>,
  standing: readonly StandingBid[],
  buyerId: string,
): BuyerLotFigures {
  const mine = standing.find((s) => s.bid.buyerId === buyerId)?.bid;
  return {
    bidCount: standing.length,
    highestPrice: standing.reduce<number | null>((m, s) => Math.max(m ?? 0, s.bid.price), null),
    mine: mine
      ? {
          quantity: mine.quantity,
          price: mine.price,
          createdAt: mine.createdAt,
          winningQuantity: winningQuantities(lot, standing).get(mine.id) ?? 0,
        }
      : null,
  };
}

/** A buyer's own bid on a lot as the API shows it. */
const myBidOf = (mine: NonNullable<BuyerLotFigures['mine']>): NonNullable<BuyerLot['myBid']> => ({
  quantity: mine.quantity,
  price: mine.price,
  amount: amountOf(mine.quantity, mine.price),
  at: mine.createdAt.toISOString(),
  winningQuantity: mine.winningQuantity,
});

/** The buyer API: live lots, bids and buyouts (PRODUCT.md §4), own bids and awards. */
export function createBidService({
  db,
  clock,
  auctions,
}: {
  db: Db;
  clock: Clock;
  auctions: AuctionService;
}) {
  /**
   * The bids of the moment go to the database together (lib/batched.ts): under load, one
   * statement and one commit for the bids that came while the previous ones were placed.
   */
  const place = batched((placed: repo.NewBid[]) => repo.placeBids(db, placed), {
    max: BIDS_PER_CALL,
    // Refused by the database (a deadlock, a value it would not take): rolled back, so each bid
    // can go again alone.
    retryAlone: (err) => sqlStateOf(err) !== null,
  });

  /** Refuses a bid on a lot that cannot take one now; the lot must be locked by the caller. */
  function assertLive(lot: LotRow | null, now: Date): asserts lot is LotRow {
    if (!lot) throw new AppError('NOT_FOUND');
    if (lotStatusAt(lot, now) !== 'live') throw new AppError('LOT_ENDED');
  }

  /** The answer to a bid or a buyout: the buyer's bid as it stands and the lot's figures. */
  function placedAnswer(
    lotId: string,
    status: PlacedBid['status'],
    figures: Omit<BuyerLotFigures, 'mine'>,
    mine: NonNullable<BuyerLotFigures['mine']>,
    now: Date,
  ): PlacedBid {
    return {
      lotId,
      status,
      bidCount: figures.bidCount,
      highestPrice: figures.highestPrice,
      myBid: myBidOf(mine),
      serverNow: now.toISOString(),
    };
  }

  /**
   * A bid or a raise: one statement (auctions.repo placeBids), shared with the other bids of the
   * moment, in a transaction of its own. It checks, writes the bid, the merchant's event and
   * notification, and reads the figures the answer needs; the buyer reads the ladder with the lot
   * when it wants it.
   */
  async function placeBid(
    buyerId: string,
    lotId: string,
    input: { quantity: number; price: number },
  ): Promise<PlacedBid> {
    const now = clock.now();
    const placed = await place({ lotId, buyerId, ...input, now });
    if (placed.outcome !== 'ok') {
      if (!(placed.outcome in ERROR_CODES)) throw new Error(`sm_place_bids: ${placed.outcome}`);
      const code = placed.outcome as ErrorCode;
      if (code === 'INSUFFICIENT_BALANCE') throw insufficientBalance(placed.shortfall ?? 0);
      const field = FIELD_OF[code];
      throw new AppError(code, field ? { field } : {});
    }
    return placedAnswer(
      lotId,
      'live',
      placed,
      { ...input, createdAt: now, winningQuantity: placed.winningQuantity },
      now,
    );
  }

  /** The whole lot at the buyout price, at once; the lot ends and every other bid loses. */
  async function buyout(buyerId: string, lotId: string): Promise<PlacedBid> {
    return db.transaction(async (tx) => {
      const lot = await repo.lockLot(tx, lotId);
      const now = clock.now();
      assertLive(lot, now);
      if (lot.buyoutPrice === null) throw new AppError('NO_BUYOUT');
      const previous = await repo.standingBidOf(tx, lotId, buyerId);
      await assertCovered(tx, {
        buyerId,
        merchantId: lot.merchantId,
        amount: amountOf(lot.quantity, lot.buyoutPrice),
        replaces: previous ? amountOf(previous.quantity, previous.price) : 0,
      });
      if (previous) await repo.supersedeBid(tx, previous.id, now);
      const bid = await repo.insertBid(tx, {
        lotId,
        buyerId,
        quantity: lot.quantity,
        price: lot.buyoutPrice,
        createdAt: now,
      });
      await auctions.endLot(tx, lot, now, bid);
      // The ended lot's bids as they stand, read under its lock: the buyout, the highest, wins
      // the whole lot.
      const figures = await repo.buyerFiguresOfLot(tx, lotId, buyerId);
      if (!figures?.mine) throw new Error(`buyout of ${lotId} left no bid`);
      return placedAnswer(lotId, 'ended', figures, figures.mine, now);
    });
  }

  function buyerView(
    lot: LotFactsRow & Pick<LotRow, 'boatNumber'>,
    storeName: string | null,
    figures: BuyerLotFigures,
    media: ReturnType<typeof mediaItemOf>[],
    now: Date,
  ): BuyerLot {
    const mine = figures.mine;
    // Added to the facts' object rather than spread into a copy of it: the copy of 19 fields a
    // lot was nearly half of a page of lots' server CPU.
    return Object.assign(lotFacts(lot, media, now), {
      storeName,
      boatNumber: lot.boatNumber,
      bidCount: figures.bidCount,
      highestPrice: figures.highestPrice,
      myBid: mine ? myBidOf(mine) : null,
    });
  }

  /** The lot as a buyer sees it, with the ladder: two reads side by side. */
  async function lotForBuyer(
    buyerId: string,
    lotId: string,
  ): Promise<z.output<typeof buyerLotDetail>> {
    const now = clock.now();
    const [row, standing] = await Promise.all([
      repo.lotWithStore(db, lotId),
      repo.standingBids(db, [lotId]),
    ]);
    if (!row) throw new AppError('NOT_FOUND');
    const { lot, storeName } = row;
    const media = lot.media.map(mediaItemOf);
    return {
      ...buyerView(lot, storeName, buyerFigures(lot, standing, buyerId), media, now),
      bids: ladderOf(lot, standing),
      serverNow: now.toISOString(),
    };
  }

  /** A page of live lots with their figures and media: one statement. */
  async function liveLots(buyerId: string, query: z.output<typeof buyerLotListQuery>) {
    const now = clock.now();
    const after = decodeCursor(query.cursor);
    const page = await repo.liveLotPage(
      db,
      buyerId,
      now,
      after && { endsAt: after.at, id: after.id },
      query.limit + 1,
    );
    const shown = page.slice(0, query.limit);
    const items = shown.map(({ lot, storeName, figures, media }) =>
      buyerView(lot, storeName, figures, media.map(mediaItemOf), now),
    );
    const last = shown.at(-1)?.lot;
    return {
      items,
      nextCursor: page.length > query.limit && last ? encodeCursor(last.endsAt, last.id) : null,
      serverNow: now.toISOString(),
    };
  }

  async function myBids(buyerId: string): Promise<z.output<typeof buyerBidsResponse>> {
    const now = clock.now();
    const rows = await repo.bidsOfBuyer(db, buyerId, LIST_LIMIT);
    const liveLotIds = rows.filter((r) => r.lot.status === 'live').map((r) => r.lot.id);
    // An awarded bid carries what it won; a live one wins what the lot's ladder gives it now.
    const bidsBy = groupBy(await repo.standingBids(db, liveLotIds), (s) => s.bid.lotId);
    return {
      items: rows.map(({ bid, lot }) => {
        const won =
          lot.status === 'live'
            ? (winningQuantities(lot, bidsBy.get(lot.id) ?? []).get(bid.id) ?? 0)
            : (bid.awardedQuantity ?? 0);
        return {
          lotId: lot.id,
          lotName: lot.name,
          species: lot.species as Species,
          lotStatus: lotStatusAt(lot, now),
          endsAt: lot.endsAt.toISOString(),
          quantity: bid.quantity,
          price: bid.price,
          amount: amountOf(bid.quantity, bid.price),
          at: bid.createdAt.toISOString(),
          winningQuantity: won,
          awardedQuantity: lot.status === 'ended' ? won : null,
        };
      }),
    };
  }

  return { placeBid, buyout, lotForBuyer, liveLots, myBids };
}

export type BidService = ReturnType<typeof createBidService>;
