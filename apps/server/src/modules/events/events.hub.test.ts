import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../test/helpers.js';
import { sql } from 'drizzle-orm';
import { type EventHub, startEventHub } from './events.hub.js';
import { insertEvents, type MerchantEventRow } from './events.repo.js';
import { merchantEvents } from '../../db/schema.js';

const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;
const MERCHANT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe.each(DB_KINDS)('the event hub on %s', (kind) => {
  let test: TestDatabase;
  let hub: EventHub;
  const heard: MerchantEventRow[] = [];
  const heardByAll: MerchantEventRow[] = [];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await test.database.db.execute(sql`insert into accounts (id, phone, password_hash, role)
      values (${MERCHANT}::uuid, '+60100000001', 'x', 'merchant'),
        (${OTHER}::uuid, '+60100000002', 'x', 'merchant')`);
    hub = await startEventHub(test.database, silentLog);
    hub.subscribe(MERCHANT, (event) => heard.push(event));
    hub.subscribeAll((event) => heardByAll.push(event));
  });
  afterAll(async () => {
    await hub?.stop();
    await test?.drop();
  });

  it('hears each committed event once, with its fields, and none rolled back', async () => {
    const at = new Date('2026-12-06T05:00:00.123Z');
    await test.database.db
      .transaction(async (tx) => {
        await insertEvents(tx, [
          { merchantId: MERCHANT, type: 'bid', auctionId: null, lotId: null, createdAt: at },
        ]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await test.database.db.transaction((tx) =>
      insertEvents(tx, [
        {
          merchantId: MERCHANT,
          type: 'wallet_changed',
          auctionId: null,
          lotId: null,
          createdAt: at,
        },
        { merchantId: OTHER, type: 'bid', auctionId: null, lotId: null, createdAt: at },
      ]),
    );
    const stored = await test.database.db.select().from(merchantEvents).orderBy(merchantEvents.id);
    expect(stored.map((e) => e.type)).toEqual(['wallet_changed', 'bid']);
    await expect.poll(() => heardByAll.length).toBe(2);
    // The merchant's own subscription hears only its own.
    expect(heard).toEqual([stored[0]]);
    expect(heardByAll).toEqual(stored);
  });
});
