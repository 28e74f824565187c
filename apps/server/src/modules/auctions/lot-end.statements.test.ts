import { LOT_DURATION_MS, type LotDetail } from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, publish } from '../../../test/auctions.js';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';
import { bidOn, type Buyer, newBuyer, verifiedMerchant } from '../../../test/market.js';
import { countingServices, isTransactionControl } from '../../../test/statements.js';

const WINNERS = 20;

/**
 * A lot's end holds the lot's lock from the first statement to the last, so it must send as many
 * statements for twenty winners as for one (PRODUCT.md §4's award, §5's orders), counted on the
 * real services (test/statements.ts).
 */
describe.each(DB_KINDS)('the statements of a lot end on %s', (kind) => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof verifiedMerchant>>;
  const buyers: Buyer[] = [];
  let counting: Awaited<ReturnType<typeof countingServices>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    merchant = await verifiedMerchant(t, 8_000);
    for (let n = 0; n < WINNERS; n += 1) {
      buyers.push(await newBuyer(t, 8_001 + n, { balance: 1_000_000 }));
    }
    counting = await countingServices(t);
  });
  afterAll(async () => {
    await counting?.stop();
    await t?.close();
  });

  /**
   * Publishes a lot that `bidders` all win, at one price a second apart, ends it through the
   * counted services and answers the statements its end sent and the lot as the merchant sees it.
   */
  async function endWith(bidders: readonly Buyer[]) {
    const input = await lotInput(merchant.client, t, { quantity: 1000, buyoutPrice: null });
    const lotId = (await publish(merchant.client, [input])).lotIds[0]!;
    for (const b of bidders) {
      const res = await bidOn(b.client, lotId, 50, 2000);
      expect(res.statusCode, res.body).toBe(200);
      t.clock.advance(1_000);
    }
    t.clock.advance(LOT_DURATION_MS);
    const statements = await counting.statementsOf(async () => {
      expect(await counting.services.auctions.closeDueLots()).toBe(1);
    });
    const lot = (await merchant.client.get(`/api/lots/${lotId}`)).json() as LotDetail;
    return { statements, lot };
  }

  it('sends as many statements for twenty winners as for one', async () => {
    const one = await endWith(buyers.slice(0, 1));
    const twenty = await endWith(buyers);
    expect(one.lot.award?.winners).toHaveLength(1);
    expect(twenty.lot.award?.winners).toHaveLength(WINNERS);
    expect(twenty.statements).toHaveLength(one.statements.length);
    // The lock of the due lot (which says no other is due), its bids, the fee rate, the buyers'
    // names, the orders with their items and timelines, the award (bids and lot), the event;
    // node-postgres also sends BEGIN and COMMIT through drizzle, PGlite does not.
    const work = one.statements.filter((q) => !isTransactionControl(q));
    expect(work).toHaveLength(7);
  });

  it('numbers the winners’ orders in rank order, one after another', async () => {
    const { lot } = await endWith(buyers.slice(0, 5));
    // Winners are listed by price, then order number: at one price, by number alone. Bids a
    // second apart rank by time, so the numbers must follow the bids.
    const numbers = lot.award!.winners.map((w) => w.orderNumber);
    const bidsInRank = lot.bids.map((b) => b.buyer);
    expect(lot.award!.winners.map((w) => w.buyer)).toEqual(bidsInRank);
    const sequence = numbers.map((n) => Number(n.slice(-6)));
    expect(sequence).toEqual(sequence.map((_, i) => sequence[0]! + i));
    for (const n of numbers) expect(n).toMatch(/^SO\d{12}$/);
  });
});
