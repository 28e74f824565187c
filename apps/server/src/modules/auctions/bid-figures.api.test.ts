import { amountOf, feeOf } from '@sm/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish } from '../../../test/auctions.js';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { newBuyer, verifiedMerchant } from '../../../test/market.js';
import { allocate } from './award.js';
import type { BidRow } from './auctions.repo.js';
import { auctionListPage, buyerFiguresOfLot, insertBid } from './auctions.repo.js';
import { buyerFigures } from './bids.service.js';

const BUYERS = 6;
const QUANTITIES = [50, 100, 1000];

/**
 * The lists read the figures the database keeps on each bid's insert and delete (lot_bid_figures,
 * migration 0016: auctionListPage for the merchant's auctions, buyerFiguresOfLot for a
 * buyer's live lots); the lot pages and the award use `allocate` in TypeScript. Random standing
 * bids, with ties in price and time, must give the same figures both ways, and each round starts
 * by deleting the last round's bids.
 */
describe.each(DB_KINDS)('bid figures in SQL on %s', (kind) => {
  let t: TestApp;
  let merchantId: string;
  let lotIds: string[];
  let buyerIds: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { client: merchant, id } = await verifiedMerchant(t, 7_099);
    merchantId = id;
    const lots = await Promise.all(
      QUANTITIES.map((quantity) => lotInput(merchant, t, { quantity, buyoutPrice: null })),
    );
    ({ lotIds } = await publish(merchant, lots));
    buyerIds = [];
    for (let n = 0; n < BUYERS; n += 1) buyerIds.push((await newBuyer(t, 7_100 + n)).id);
  });
  afterAll(() => t?.close());

  const bidArb = fc.record({
    buyer: fc.integer({ min: 0, max: BUYERS - 1 }),
    quantity: fc.integer({ min: 1, max: 1200 }),
    // Few prices and few instants: ties that only time or seq break.
    price: fc.constantFrom(2000, 2010, 2333, 2500),
    second: fc.integer({ min: 0, max: 2 }),
    superseded: fc.boolean(),
  });

  it('agree with allocate, amountOf and feeOf for any standing bids', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(bidArb, { maxLength: 8 }), {
          minLength: QUANTITIES.length,
          maxLength: QUANTITIES.length,
        }),
        fc.integer({ min: 0, max: 3000 }),
        async (bidsPerLot, feeBps) => {
          await db.execute(sql`delete from bids`);
          const expected = new Map<string, number[]>();
          const standingOf = new Map<string, BidRow[]>();
          for (const [i, lotBids] of bidsPerLot.entries()) {
            const lotId = lotIds[i]!;
            const standing = [];
            const seen = new Set<number>();
            for (const b of lotBids) {
              // One standing bid per buyer and lot; a superseded one may sit beside it.
              const superseded = b.superseded || seen.has(b.buyer);
              if (!superseded) seen.add(b.buyer);
              const row = await insertBid(db, {
                lotId,
                buyerId: buyerIds[b.buyer]!,
                quantity: b.quantity,
                price: b.price,
                createdAt: new Date(Date.UTC(2026, 10, 27, 5, 0, b.second)),
                supersededAt: superseded ? new Date(Date.UTC(2026, 10, 27, 6)) : null,
              });
              if (!superseded) standing.push(row);
            }
            standingOf.set(lotId, standing);
            let winning = 0;
            let fee = 0;
            for (const { bid, quantity } of allocate(standing, QUANTITIES[i]!)) {
              const a = amountOf(quantity, bid.price);
              winning += a;
              fee += feeOf(a, feeBps);
            }
            expected.set(lotId, [
              standing.length,
              standing.reduce((s, b) => s + b.quantity, 0),
              standing.reduce((s, b) => s + amountOf(b.quantity, b.price), 0),
              winning,
              fee,
            ]);
          }
          // The merchant's one auction, live: its page of the list.
          const got = await auctionListPage(
            db,
            { merchantId, live: true, now: t.clock.now(), search: null, after: null, limit: 20 },
            feeBps,
          );
          expect(
            new Map(
              got.map(({ lot, figures: f }) => [
                lot.id,
                [f.bidCount, f.bidQuantity, f.bidAmount, f.winningAmount, f.winningFee],
              ]),
            ),
          ).toEqual(expected);

          // Each buyer's view of the lots: count, best price, its own bid and what it wins.
          for (const buyerId of buyerIds) {
            for (const lotId of lotIds) {
              const standing = standingOf.get(lotId) ?? [];
              const lot = got.find((r) => r.lot.id === lotId)!.lot;
              const want = buyerFigures(
                lot,
                standing.map((bid) => ({ bid, buyerPhone: '' })),
                buyerId,
              );
              expect(await buyerFiguresOfLot(db, lotId, buyerId)).toEqual(want);
            }
          }
        },
      ),
      { numRuns: 60, seed: 20_261_127 },
    );
  });
});
