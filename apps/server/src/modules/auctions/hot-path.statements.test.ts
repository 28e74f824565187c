import { auctionListQuery, buyerLotListQuery } from '@sm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { lotInput, publish } from '../../../test/auctions.js';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { bidOn, type Buyer, newBuyer, verifiedMerchant } from '../../../test/market.js';
import { countingServices } from '../../../test/statements.js';

/**
 * The statements each hot call sends (issue 20's budget: a bid 1; the lists and pages 1 or 2),
 * counted on the real services. Every statement counts, BEGIN and COMMIT too: a bid is one
 * statement outside any transaction block, so one round trip on PostgreSQL, its event's NOTIFY
 * included; bids that come while one is placed share the next statement.
 */
describe.each(DB_KINDS)('hot-path statements on %s', (kind) => {
  let t: TestApp;
  let counting: Awaited<ReturnType<typeof countingServices>>;
  let merchantId: string;
  let lotId: string;
  let otherLotId: string;
  const buyers: Buyer[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const merchant = await verifiedMerchant(t, 8_500);
    merchantId = ((await merchant.client.get('/api/me')).json() as { id: string }).id;
    for (let n = 1; n <= 3; n += 1) {
      buyers.push(await newBuyer(t, 8_500 + n, { balance: 1_000_000 }));
    }
    const inputs = [await lotInput(merchant.client, t), await lotInput(merchant.client, t)];
    [lotId, otherLotId] = (await publish(merchant.client, inputs)).lotIds as [string, string];
    for (const [i, b] of buyers.entries()) {
      expect((await bidOn(b.client, lotId, 100, 2000 + i * 100)).statusCode).toBe(200);
    }
    counting = await countingServices(t);
    // The fee rate is kept in the process once read; the pages below are counted warm.
    await counting.services.auctions.list(merchantId, auctionListQuery.parse({}));
  });
  afterAll(async () => {
    await counting?.stop();
    await t?.close();
  });

  const count = (call: () => Promise<unknown>) => counting.statementsOf(call);

  it('a bid, a raise and a refusal are one statement each', async () => {
    const { bids } = counting.services;
    const buyer = buyers[0]!;
    expect(
      await count(() => bids.placeBid(buyer.id, lotId, { quantity: 100, price: 2500 })),
    ).toHaveLength(1);
    expect(
      await count(() => bids.placeBid(buyer.id, lotId, { quantity: 200, price: 2500 })),
    ).toHaveLength(1);
    let refusal: unknown;
    const refused = await count(() =>
      bids.placeBid(buyer.id, lotId, { quantity: 100, price: 2500 }).catch((err: unknown) => {
        refusal = err;
      }),
    );
    expect(refusal).toMatchObject({ code: 'BID_NOT_RAISED' });
    expect(refused).toHaveLength(1);
  });

  it('bids that arrive together share one statement; a refusal among them refuses only itself', async () => {
    const { bids } = counting.services;
    const [a, b, c] = buyers as [Buyer, Buyer, Buyer];
    const outcomes: unknown[] = [];
    const statements = await count(() =>
      Promise.all(
        [
          () => bids.placeBid(a.id, lotId, { quantity: 300, price: 2600 }),
          () => bids.placeBid(b.id, otherLotId, { quantity: 50, price: 2000 }),
          // c's standing bid on the lot is 100 kg at RM 22.00: this is no raise.
          () => bids.placeBid(c.id, lotId, { quantity: 100, price: 2200 }),
          () => bids.placeBid(b.id, lotId, { quantity: 100, price: 2700 }),
        ].map((place, i) =>
          place().then(
            (placed) => (outcomes[i] = placed.myBid),
            (err: { code: string }) => (outcomes[i] = err.code),
          ),
        ),
      ),
    );
    // The first found nothing under way and went alone; the three that came meanwhile, together.
    expect(statements).toHaveLength(2);
    expect(outcomes).toEqual([
      expect.objectContaining({ quantity: 300, price: 2600 }),
      expect.objectContaining({ quantity: 50, price: 2000 }),
      'BID_NOT_RAISED',
      expect.objectContaining({ quantity: 100, price: 2700 }),
    ]);
  });

  it('a buyer’s live lots are one statement, a buyer’s lot two', async () => {
    const { bids } = counting.services;
    const buyer = buyers[1]!;
    expect(await count(() => bids.liveLots(buyer.id, buyerLotListQuery.parse({})))).toHaveLength(1);
    expect(await count(() => bids.lotForBuyer(buyer.id, lotId))).toHaveLength(2);
  });

  it('finds a buyer’s standing bid on a lot by both keys, without statistics to go by', async () => {
    // The test database is fresh, as a new deployment's or PGlite's (no autovacuum): whichever of
    // the two standing-bid indexes the planner takes, the lot and the buyer are both its keys, so
    // the buyer's lots list does not walk every standing bid of the buyer for each lot it shows.
    const buyer = buyers[1]!;
    const plan = JSON.stringify(
      rowsOf(
        await t.database.db.execute(sql`explain (format json) select b.price from bids b
          where b.lot_id = ${lotId} and b.buyer_id = ${buyer.id} and b.superseded_at is null`),
      ),
    );
    expect(plan).toMatch(/"Index Name": ?"bids_(standing_key|buyer_standing_idx)"/);
    const cond = /"Index Cond": ?"([^"]*)"/.exec(plan)?.[1] ?? '';
    expect(cond).toContain('lot_id =');
    expect(cond).toContain('buyer_id =');
    expect(plan).not.toContain('"Filter"');
  });

  it('the merchant’s home, its auction list and a live lot’s page are one statement each', async () => {
    const { auctions } = counting.services;
    expect(await count(() => auctions.dashboard(merchantId))).toHaveLength(1);
    expect(await count(() => auctions.list(merchantId, auctionListQuery.parse({})))).toHaveLength(
      1,
    );
    const search = auctionListQuery.parse({ q: 'pomfret' });
    expect(await count(() => auctions.list(merchantId, search))).toHaveLength(1);
    expect(await count(() => auctions.lotDetail(merchantId, lotId))).toHaveLength(1);
  });
});
