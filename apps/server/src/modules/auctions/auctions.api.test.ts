import { LOT_DURATION_MS } from '@sm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBoat } from '../boats/boats.repo.js';
import { setBusinessStatus } from '../store/store.repo.js';
import {
  lotInput,
  publish,
  registerAccount,
  startDemoMarket,
  uploadPhoto,
} from '../../../test/auctions.js';
import { Client, DB_KINDS, type TestApp } from '../../../test/helpers.js';

const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * 24 * 3_600_000).toISOString();

type IdPage = { items: { id: string }[]; nextCursor: string | null };

/**
 * Every id of a paged list, read along its cursors from `url` (which sets the limit): no page
 * holds more than the limit.
 */
async function idsByCursor(client: Client, url: string): Promise<string[]> {
  const limit = Number(new URL(url, 'http://x').searchParams.get('limit'));
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await client.get(`${url}${cursor ? `&cursor=${cursor}` : ''}`);
    const page: IdPage = res.json<IdPage>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe.each(DB_KINDS)('live auctions on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let buyers: Client[];
  let accountSeq = 1_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    ({ t, merchant, buyers } = await startDemoMarket(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const buyer = (i: number) => buyers[i] as Client;
  const bid = (client: Client, lotId: string, quantity: number, price: number) =>
    client.post(`/api/buyer/lots/${lotId}/bids`, { quantity, price });
  const endAll = async () => {
    t.clock.advance(LOT_DURATION_MS);
    return t.app.services.auctions.closeDueLots();
  };

  describe('publishing', () => {
    it('checks every field with the contract and answers coded errors at the field', async () => {
      const good = await lotInput(merchant, t);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ photoIds: [] }, 'PHOTO_REQUIRED', 'lots.0.photoIds'],
        [{ harbor: '  ' }, 'REQUIRED_FIELDS', 'lots.0.harbor'],
        [{ boatId: '' }, 'REQUIRED_FIELDS', 'lots.0.boatId'],
        [{ videoIds: [good.photoIds[0], good.photoIds[0]] }, 'TOO_MANY_VIDEOS', 'lots.0.videoIds'],
        [{ buyoutPrice: 2000 }, 'BUYOUT_NOT_ABOVE_START', 'lots.0.buyoutPrice'],
        [{ startPrice: 2005 }, 'PRICE_STEP', 'lots.0.startPrice'],
        [{ quantity: 0 }, 'INVALID_QUANTITY', 'lots.0.quantity'],
        [{ quantity: 105.5 }, 'QUANTITY_DECIMALS', 'lots.0.quantity'],
        [{ startPrice: 2000.5 }, 'PRICE_STEP', 'lots.0.startPrice'],
        [{ name: 'x'.repeat(141) }, 'LOT_NAME_TOO_LONG', 'lots.0.name'],
        [{ species: 'whale' }, 'BAD_REQUEST', 'lots.0.species'],
        [{ landedAt: 'yesterday' }, 'INVALID_DATE', 'lots.0.landedAt'],
      ];
      for (const [patch, code, field] of cases) {
        const res = await merchant.post('/api/auctions', { lots: [{ ...good, ...patch }] });
        expect(res.json(), JSON.stringify(patch)).toMatchObject({ code, field });
        expect(res.statusCode).toBe(400);
      }
      const tooMany = await merchant.post('/api/auctions', {
        lots: [
          {
            ...good,
            photoIds: [...good.photoIds, ...good.photoIds, ...good.photoIds, ...good.photoIds],
          },
        ],
      });
      expect(tooMany.json().code).toBe('TOO_MANY_PHOTOS');
    });

    it('refuses what needs the clock or the database: a future or old landing, foreign boats and media', async () => {
      const good = await lotInput(merchant, t);
      const future = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString();
      const res = await merchant.post('/api/auctions', { lots: [{ ...good, landedAt: future }] });
      expect(res.json()).toMatchObject({ code: 'LANDING_IN_FUTURE', field: 'lots.0.landedAt' });
      // A week back is the oldest landing (LANDING_MAX_AGE_DAYS); 1926 was once accepted.
      for (const landedAt of ['1926-05-01T06:00:00.000Z', daysBefore(t.clock.now(), 7.1)]) {
        const old = await merchant.post('/api/auctions', { lots: [{ ...good, landedAt }] });
        expect(old.json()).toMatchObject({ code: 'LANDING_TOO_OLD', field: 'lots.0.landedAt' });
      }

      const other = await registerAccount(t, 'merchant', (accountSeq += 1));
      const stranger = await other.post('/api/auctions', { lots: [good] });
      // An unverified merchant is stopped first; the boat and photo are not theirs either.
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().code).toBe('NOT_VERIFIED');
      // Verified, with a boat of its own, it still cannot use the demo store's boat or photo.
      const me = (await other.get('/api/me')).json() as { id: string };
      await setBusinessStatus(t.database.db, me.id, 'verified');
      await insertBoat(t.database.db, me.id, {
        boatNumber: 'PKN 1',
        ownerName: 'Ali',
        imageMediaId: null,
      });
      const foreignBoat = await other.post('/api/auctions', { lots: [good] });
      expect(foreignBoat.json()).toMatchObject({ code: 'NOT_FOUND', field: 'lots.0.boatId' });
      const ownBoat = (await other.get('/api/boats')).json().items[0].id as string;
      const foreignPhoto = await other.post('/api/auctions', {
        lots: [{ ...good, boatId: ownBoat }],
      });
      expect(foreignPhoto.statusCode).toBe(404);
      expect(foreignPhoto.json()).toMatchObject({ code: 'NOT_FOUND', field: 'lots.0.photoIds' });
    });

    it('publishes lots live for exactly 15 minutes and lists them', async () => {
      const started = t.clock.now();
      const lots = [
        await lotInput(merchant, t),
        await lotInput(merchant, t, {
          name: 'Tiger prawn',
          species: 'udang_harimau',
          buyoutPrice: null,
        }),
      ];
      const auction = await publish(merchant, lots);
      expect(new Date(auction.endsAt).getTime() - started.getTime()).toBe(LOT_DURATION_MS);

      const list = (await merchant.get('/api/auctions?status=live')).json();
      const summary = list.items.find((a: { id: string }) => a.id === auction.id);
      expect(summary).toMatchObject({
        name: 'Morning pomfret',
        species: ['bawal_putih', 'udang_harimau'],
        lotCount: 2,
        totalQuantity: 2000,
        status: 'live',
        canDelete: true,
        firstLotId: auction.lotIds[0],
      });
      expect(summary.thumbUrl).toMatch(/^\/media\//);

      const detail = (await merchant.get(`/api/lots/${auction.lotIds[1]}`)).json();
      expect(detail).toMatchObject({
        status: 'live',
        species: 'udang_harimau',
        buyoutPrice: null,
        boat: { boatNumber: expect.stringMatching(/^SLF \d{4}$/) },
        notes: { size: '300–400 g' },
        bids: [],
        award: null,
        position: 1,
      });
      expect(detail.photos).toHaveLength(1);
      expect(detail.siblings.map((s: { id: string }) => s.id)).toEqual(auction.lotIds);

      // Search by name and by species in any language.
      for (const q of ['prawn', '老虎虾', 'udang', 'pomfret']) {
        const found = (
          await merchant.get(`/api/auctions?status=live&q=${encodeURIComponent(q)}`)
        ).json();
        expect(
          found.items.map((a: { id: string }) => a.id),
          q,
        ).toContain(auction.id);
      }
      const none = (await merchant.get('/api/auctions?status=live&q=kerapu')).json();
      expect(none.items.map((a: { id: string }) => a.id)).not.toContain(auction.id);
      await endAll();
    });
  });

  describe('bidding', () => {
    it('takes bids under the rules and refuses the rest with coded errors', async () => {
      const auction = await publish(merchant, [await lotInput(merchant, t)]);
      const lotId = auction.lotIds[0] as string;
      const refusals: [number, number, string][] = [
        [100, 1990, 'BID_BELOW_START'],
        [100, 2005, 'PRICE_STEP'],
        [1001, 2100, 'BID_OVER_QUANTITY'],
        [100, 3500, 'BID_AT_BUYOUT'],
        [0, 2100, 'INVALID_QUANTITY'],
      ];
      for (const [quantity, price, code] of refusals) {
        const res = await bid(buyer(0), lotId, quantity, price);
        expect(res.json().code, `${quantity}@${price}`).toBe(code);
      }
      expect((await bid(buyer(0), lotId, 300, 2100)).statusCode).toBe(200);
      // A new bid must raise price or kg, and lower neither.
      expect((await bid(buyer(0), lotId, 300, 2100)).json().code).toBe('BID_NOT_RAISED');
      expect((await bid(buyer(0), lotId, 200, 2500)).json().code).toBe('BID_NOT_RAISED');
      const raised = await bid(buyer(0), lotId, 400, 2100);
      expect(raised.statusCode).toBe(200);
      // The answer is the buyer's bid and the lot's figures after it, not the ladder.
      expect(raised.json()).toEqual({
        lotId,
        status: 'live',
        bidCount: 1,
        highestPrice: 2100,
        myBid: {
          quantity: 400,
          price: 2100,
          amount: 84000,
          at: t.clock.now().toISOString(),
          winningQuantity: 400,
        },
        serverNow: t.clock.now().toISOString(),
      });
      // A higher bid takes 80 of the lot's 100 kg first: the raise now wins the 20 kg left.
      const over = await bid(buyer(1), lotId, 800, 2200);
      expect(over.json()).toMatchObject({
        bidCount: 2,
        highestPrice: 2200,
        myBid: { quantity: 800, winningQuantity: 800 },
      });
      expect((await bid(buyer(0), lotId, 500, 2100)).json()).toMatchObject({
        bidCount: 2,
        highestPrice: 2200,
        myBid: { quantity: 500, amount: 105000, winningQuantity: 200 },
      });

      const anonymous = await new Client(t.app).post(`/api/buyer/lots/${lotId}/bids`, {
        quantity: 10,
        price: 2100,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('NOT_LOGGED_IN');
      // A merchant session is not a buyer session.
      expect(
        (await merchant.post(`/api/buyer/lots/${lotId}/bids`, { quantity: 10, price: 2100 }))
          .statusCode,
      ).toBe(401);

      t.clock.advance(LOT_DURATION_MS);
      // Over at 15 minutes, even before the closer has run.
      expect((await bid(buyer(1), lotId, 10, 2500)).json().code).toBe('LOT_ENDED');
      await t.app.services.auctions.closeDueLots();
      expect((await bid(buyer(1), lotId, 10, 2500)).json().code).toBe('LOT_ENDED');
      expect((await buyer(1).post(`/api/buyer/lots/${lotId}/buyout`)).json().code).toBe(
        'LOT_ENDED',
      );
    });

    it('awards at 15 minutes, pay-as-bid, and creates the winners’ orders', async () => {
      const auction = await publish(merchant, [await lotInput(merchant, t, { quantity: 1000 })]);
      const lotId = auction.lotIds[0] as string;
      const dashBefore = (await merchant.get('/api/dashboard')).json();
      await bid(buyer(0), lotId, 600, 2200); // 60 kg at RM 22.00
      t.clock.advance(1000);
      await bid(buyer(1), lotId, 500, 2400); // 50 kg at RM 24.00: ranks first
      t.clock.advance(1000);
      await bid(buyer(2), lotId, 300, 2200); // 30 kg at RM 22.00, later than buyer 0: gets nothing

      const live = (await merchant.get(`/api/lots/${lotId}`)).json();
      expect(
        live.bids.map((b: { price: number; winningQuantity: number }) => [
          b.price,
          b.winningQuantity,
        ]),
      ).toEqual([
        [2400, 500],
        [2200, 500],
        [2200, 0],
      ]);
      expect(live.bids[0].buyer).toMatch(/^013-•••/);
      // Winning now: 50 kg × 24 + 50 kg × 22 = RM 2,300.00; fee 5 % per order.
      expect(live.projectedSettlement).toBe(230000 - 6000 - 5500);
      // Bid sales are what the bids win now (PRODUCT.md §4a), not all they ask for: RM 2,300.00,
      // not RM 1,320 + RM 1,200 + RM 660.
      const dash = (await merchant.get('/api/dashboard')).json();
      expect(dash.totalBidSales - dashBefore.totalBidSales).toBe(230000);
      expect(dash.liveAuctions).toBeGreaterThanOrEqual(1);
      expect(await endAll()).toBeGreaterThanOrEqual(1);
      // A second run finds nothing left to end.
      expect(await t.app.services.auctions.closeDueLots()).toBe(0);

      const ended = (await merchant.get(`/api/lots/${lotId}`)).json();
      expect(ended.status).toBe('ended');
      expect(ended.endReason).toBe('time');
      expect(ended.award).toMatchObject({
        awardedQuantity: 1000,
        awardedAmount: 230000,
        unsoldQuantity: 0,
        serviceFee: 11500,
        projectedSettlement: 218500,
        buyout: null,
      });
      expect(ended.award.winners).toHaveLength(2);
      for (const w of ended.award.winners) expect(w.orderNumber).toMatch(/^SO\d{6}\d{6}$/);

      const orders = (await buyer(0).get('/api/buyer/orders')).json().items;
      const mine = orders.find((o: { lotId: string }) => o.lotId === lotId);
      expect(mine).toMatchObject({
        status: 'pending_payment',
        subtotal: 110000,
        item: {
          species: 'bawal_putih',
          quantity: 500,
          price: 2200,
          boatNumber: expect.stringMatching(/^SLF \d{4}$/),
          freshness: 'fresh',
        },
      });
      expect(new Date(mine.payBy).getTime() - new Date(mine.createdAt).getTime()).toBe(
        24 * 3_600_000,
      );
      const loser = (await buyer(2).get('/api/buyer/orders')).json().items;
      expect(loser.find((o: { lotId: string }) => o.lotId === lotId)).toBeUndefined();
      const lostBid = (await buyer(2).get('/api/buyer/bids'))
        .json()
        .items.find((b: { lotId: string }) => b.lotId === lotId);
      expect(lostBid).toMatchObject({ lotStatus: 'ended', awardedQuantity: 0 });

      // Orders awaiting payment are no sales yet: shown apart until paid.
      const dashEnded = (await merchant.get('/api/dashboard')).json();
      expect(dashEnded.totalSales).toBe(dash.totalSales);
      expect(dashEnded.awaitingPayment).toBe(dash.awaitingPayment + 230000);
      const paid = await buyer(0).request(
        'POST',
        `/api/buyer/orders/${mine.id}/pay`,
        {},
        { 'idempotency-key': `award-${kind}-${lotId}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await merchant.get('/api/dashboard')).json()).toMatchObject({
        totalSales: dash.totalSales + 110000,
        awaitingPayment: dash.awaitingPayment + 120000,
      });
      const endedList = (await merchant.get('/api/auctions?status=ended')).json();
      expect(endedList.items.find((a: { id: string }) => a.id === auction.id)).toMatchObject({
        status: 'ended',
        awardedAmount: 230000,
        projectedSettlement: 218500,
        canDelete: true,
      });
    });

    it('rolls an end back whole when it fails midway; the next run awards it once', async () => {
      const auction = await publish(merchant, [await lotInput(merchant, t)]);
      const lotId = auction.lotIds[0] as string;
      await bid(buyer(0), lotId, 600, 2500);
      await bid(buyer(1), lotId, 600, 2100);
      // A crash after the first winner's order is written: the second order's item fails.
      const db = t.database.db;
      await db.execute(
        sql.raw(`create function fail_second_order() returns trigger language plpgsql as $$
          begin if new.price = 2100 then raise exception 'simulated crash'; end if; return new; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger crash before insert on order_items
          for each row execute function fail_second_order()`),
      );
      t.clock.advance(LOT_DURATION_MS);
      await expect(t.app.services.auctions.closeDueLots()).rejects.toThrow();
      const after = (await merchant.get(`/api/lots/${lotId}`)).json();
      // Ended by time (no bids taken), but nothing of the award was kept.
      expect(after).toMatchObject({ status: 'ended', award: null, endedAt: null });
      expect(
        (await buyer(0).get('/api/buyer/orders'))
          .json()
          .items.some((o: { lotId: string }) => o.lotId === lotId),
      ).toBe(false);

      await db.execute(sql.raw('drop trigger crash on order_items'));
      await db.execute(sql.raw('drop function fail_second_order'));
      expect(await t.app.services.auctions.closeDueLots()).toBe(1);
      expect(await t.app.services.auctions.closeDueLots()).toBe(0);
      const award = (await merchant.get(`/api/lots/${lotId}`)).json().award;
      expect(award.winners.map((w: { quantity: number }) => w.quantity)).toEqual([600, 400]);
    });

    it('leaves unsold kg when bids do not cover the lot', async () => {
      const auction = await publish(merchant, [await lotInput(merchant, t, { quantity: 1000 })]);
      const lotId = auction.lotIds[0] as string;
      await bid(buyer(0), lotId, 125, 2010); // 12.5 kg × RM 20.10 = RM 251.25
      await endAll();
      const award = (await merchant.get(`/api/lots/${lotId}`)).json().award;
      expect(award).toMatchObject({
        awardedQuantity: 125,
        awardedAmount: 25125,
        unsoldQuantity: 875,
        serviceFee: 1256,
      });
    });

    it('a buyout takes the whole lot at once and every other bid loses', async () => {
      const auction = await publish(merchant, [
        await lotInput(merchant, t),
        await lotInput(merchant, t),
      ]);
      const [lotId, otherLot] = auction.lotIds as [string, string];
      await bid(buyer(0), lotId, 500, 3000);
      const res = await buyer(1).post(`/api/buyer/lots/${lotId}/buyout`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        lotId,
        status: 'ended',
        bidCount: 2,
        highestPrice: 3500,
        myBid: { quantity: 1000, price: 3500, amount: 350000, winningQuantity: 1000 },
      });
      expect((await buyer(1).get(`/api/buyer/lots/${lotId}`)).json()).toMatchObject({
        status: 'ended',
        endReason: 'buyout',
      });
      const detail = (await merchant.get(`/api/lots/${lotId}`)).json();
      expect(detail.award).toMatchObject({
        awardedQuantity: 1000,
        awardedAmount: 350000,
        buyout: { price: 3500, amount: 350000 },
      });
      expect(detail.award.winners).toHaveLength(1);
      // The other lot of the auction is still live.
      expect((await merchant.get(`/api/lots/${otherLot}`)).json().status).toBe('live');
      expect((await buyer(2).post(`/api/buyer/lots/${lotId}/buyout`)).json().code).toBe(
        'LOT_ENDED',
      );
      const noBuyout = await publish(merchant, [
        await lotInput(merchant, t, { buyoutPrice: null }),
      ]);
      expect(
        (await buyer(2).post(`/api/buyer/lots/${noBuyout.lotIds[0]}/buyout`)).json().code,
      ).toBe('NO_BUYOUT');
      await endAll();
    });

    it('shows a lot’s photos in their order, as its lot_media keep them', async () => {
      const [first, second] = [await uploadPhoto(merchant), await uploadPhoto(merchant, '#aa3366')];
      const auction = await publish(merchant, [
        await lotInput(merchant, t, { photoIds: [first, second] }),
      ]);
      const [lotId] = auction.lotIds as [string];
      const shown = async () => {
        const detail = (await merchant.get(`/api/lots/${lotId}`)).json();
        const list = (await merchant.get('/api/auctions?status=live&limit=50')).json();
        const summary = list.items.find((a: { id: string }) => a.id === auction.id);
        const forBuyer = (await buyer(1).get(`/api/buyer/lots/${lotId}`)).json();
        const buyerList = (await buyer(1).get('/api/buyer/lots?limit=50')).json();
        const inBuyerList = buyerList.items.find((l: { id: string }) => l.id === lotId);
        expect(forBuyer.photos).toEqual(detail.photos);
        expect(inBuyerList.photos).toEqual(detail.photos);
        return {
          ids: detail.photos.map((p: { id: string }) => p.id),
          thumbIsFirst: summary.thumbUrl === detail.photos[0]?.thumbUrl,
        };
      };
      expect(await shown()).toEqual({ ids: [first, second], thumbIsFirst: true });
      // The lot's columns follow its lot_media rows (migration 0020's triggers): reordered in one
      // statement, then one deleted.
      await t.database.db.execute(
        sql`update lot_media set position = 1 - position where lot_id = ${lotId}`,
      );
      expect(await shown()).toEqual({ ids: [second, first], thumbIsFirst: true });
      await t.database.db.execute(
        sql`delete from lot_media where lot_id = ${lotId} and media_id = ${first}`,
      );
      expect(await shown()).toEqual({ ids: [second], thumbIsFirst: true });
      await endAll();
    });

    it('lists live lots for buyers with their own bid', async () => {
      const auction = await publish(merchant, [
        await lotInput(merchant, t),
        await lotInput(merchant, t),
      ]);
      const [lotId, quiet] = auction.lotIds as [string, string];
      await bid(buyer(2), lotId, 100, 2500);
      const page = (await buyer(2).get('/api/buyer/lots?limit=50')).json();
      const itemOf = (id: string) => page.items.find((l: { id: string }) => l.id === id);
      expect(itemOf(lotId)).toMatchObject({
        storeName: 'Kuala Selangor Fresh Catch',
        highestPrice: 2500,
        bidCount: 1,
        myBid: { quantity: 100, price: 2500, winningQuantity: 100 },
      });
      expect(itemOf(quiet)).toMatchObject({ highestPrice: null, bidCount: 0, myBid: null });
      const detail = (await buyer(1).get(`/api/buyer/lots/${lotId}`)).json();
      expect(detail.myBid).toBeNull();
      expect(detail.bids[0].buyer).toMatch(/•/);
      // The list reads its photos in the page's one statement; the lot page reads them alone.
      expect(detail.photos).toHaveLength(1);
      expect(itemOf(lotId).photos).toEqual(detail.photos);
      await endAll();
    });
  });

  describe('deleting', () => {
    it('deletes an auction without bids, refuses one with bids while live, hides an ended one', async () => {
      const quiet = await publish(merchant, [await lotInput(merchant, t)]);
      const res = await merchant.request('DELETE', `/api/auctions/${quiet.id}`);
      expect(res.json()).toEqual({ ok: true });
      expect((await bid(buyer(0), quiet.lotIds[0] as string, 10, 2000)).json().code).toBe(
        'LOT_ENDED',
      );
      const live = (await merchant.get('/api/auctions?status=live')).json().items;
      expect(live.map((a: { id: string }) => a.id)).not.toContain(quiet.id);

      const busy = await publish(merchant, [await lotInput(merchant, t)]);
      await bid(buyer(0), busy.lotIds[0] as string, 10, 2000);
      const refused = await merchant.request('DELETE', `/api/auctions/${busy.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('AUCTION_HAS_BIDS');

      await endAll();
      expect((await merchant.request('DELETE', `/api/auctions/${busy.id}`)).statusCode).toBe(200);
      const ended = (await merchant.get('/api/auctions?status=ended&limit=50')).json().items;
      expect(ended.map((a: { id: string }) => a.id)).not.toContain(busy.id);
      // Its order stays.
      const orders = (await buyer(0).get('/api/buyer/orders')).json().items;
      expect(orders.some((o: { lotId: string }) => o.lotId === busy.lotIds[0])).toBe(true);
      expect((await merchant.request('DELETE', `/api/auctions/${busy.id}`)).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it("answers another merchant's lot and auction exactly as a missing one", async () => {
      const auction = await publish(merchant, [await lotInput(merchant, t)]);
      const other = await registerAccount(t, 'merchant', (accountSeq += 1));
      for (const res of [
        await other.get(`/api/lots/${auction.lotIds[0]}`),
        await other.get('/api/lots/00000000-0000-4000-8000-000000000000'),
        await other.request('DELETE', `/api/auctions/${auction.id}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect((await other.get('/api/lots/not-an-id')).json().code).toBe('INVALID_ID');
      expect((await other.get('/api/auctions')).json().items).toEqual([]);
      expect((await new Client(t.app).get('/api/dashboard')).statusCode).toBe(401);
      await endAll();
    });

    it('pages a buyer’s live lots by cursor, as the whole list in one page', async () => {
      await publish(merchant, [
        await lotInput(merchant, t),
        await lotInput(merchant, t),
        await lotInput(merchant, t),
      ]);
      const ids = (page: { items: { id: string }[] }) => page.items.map((l) => l.id);
      const whole = (await buyer(1).get('/api/buyer/lots?limit=50')).json();
      expect(whole.items.length).toBeGreaterThanOrEqual(3);
      expect(await idsByCursor(buyer(1), '/api/buyer/lots?limit=2')).toEqual(ids(whole));
      await endAll();
    });

    it('pages the list by cursor without repeats', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          (await publish(merchant, [await lotInput(merchant, t, { name: `Page lot ${i}` })])).id,
        );
        t.clock.advance(1000);
      }
      const seen = await idsByCursor(merchant, '/api/auctions?status=live&limit=2&q=Page%20lot');
      expect(seen).toEqual([...ids].reverse());
      // Without a search the pages are prepared statements of their own: the same order.
      const all = await idsByCursor(merchant, '/api/auctions?status=live&limit=2');
      expect(new Set(all).size).toBe(all.length);
      expect(all.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
      expect((await merchant.get('/api/auctions?cursor=garbage')).json().code).toBe('BAD_REQUEST');
      await endAll();
    });
  });
});
