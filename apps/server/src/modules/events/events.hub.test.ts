import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../test/helpers.js';
import { rowsOf } from '../../db/client.js';
import { merchantEvents } from '../../db/schema.js';
import { type EventHub, startEventHub } from './events.hub.js';
import type { MerchantEventRow } from './events.repo.js';

const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;
const MERCHANT = '00000000-0000-4000-8000-000000000001';
const GRACE_MS = 50;

describe.each(DB_KINDS)('the event hub on %s', (kind) => {
  let test: TestDatabase;
  let hub: EventHub;
  let notifyStatements = 0;
  let heard: MerchantEventRow[] = [];

  /** Writes an event as a bid does (sm_place_bid_event): committed, and no NOTIFY. */
  const writeQuietly = async (): Promise<MerchantEventRow> => {
    const [row] = await test.database.db
      .insert(merchantEvents)
      .values({ merchantId: MERCHANT, type: 'bid', createdAt: new Date() })
      .returning();
    return row!;
  };
  const heardIds = () => heard.map((e) => e.id);

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const { database } = test;
    // The real database, with the announcement statements counted on their way to it.
    const counted = {
      ...database,
      notify: (channel: string, payloads: readonly string[]) => {
        notifyStatements += 1;
        return database.notify(channel, payloads);
      },
    };
    await test.database.db.execute(sql`insert into accounts (id, phone, password_hash, role)
      values (${MERCHANT}::uuid, '+60100000001', 'x', 'merchant')`);
    hub = await startEventHub(counted, silentLog, { gapGraceMs: GRACE_MS });
    hub.subscribe(MERCHANT, (event) => heard.push(event));
  });
  afterAll(async () => {
    await hub?.stop();
    await test?.drop();
  });

  it('announces the events of a moment in one statement, each heard once, with its fields', async () => {
    const events = [];
    for (let i = 0; i < 20; i++) events.push(await writeQuietly());
    heard = [];
    notifyStatements = 0;
    for (const event of events) hub.announce(event);
    hub.announce(events[3]!); // announced twice: heard once
    await expect.poll(() => heard.length).toBe(20);
    // The first goes out at once, and the rest wait for it and go together.
    expect(notifyStatements).toBe(2);
    expect(heardIds()).toEqual(events.map((e) => e.id));
    expect(heard[0]).toEqual(events[0]);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 3));
    expect(heard).toHaveLength(20);
  });

  it('finds in the table an event whose announcement never came, and skips a rolled-back id', async () => {
    const unannounced = await writeQuietly();
    // An id taken by a transaction that rolled back: there is nothing to find.
    await test.database.db
      .transaction(async (tx) => {
        await tx
          .insert(merchantEvents)
          .values({ merchantId: MERCHANT, type: 'bid', createdAt: new Date() });
        throw new Error('rolled back');
      })
      .catch(() => {});
    const announced = await writeQuietly();
    heard = [];
    hub.announce(announced);
    await expect.poll(() => heardIds()).toEqual([announced.id]);
    // After the grace, the missing one arrives from the table; the rolled-back id never does.
    await expect.poll(() => heardIds(), { timeout: 5000 }).toEqual([announced.id, unannounced.id]);
    expect(heard[1]).toEqual(unannounced);
    // Announced after all, late: already delivered, so not again.
    hub.announce(unannounced);
    const [count] = rowsOf<{ n: number }>(
      await test.database.db.execute(sql`select count(*)::int as n from merchant_events`),
    );
    expect(count?.n).toBe(22);
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS * 3));
    expect(heardIds()).toEqual([announced.id, unannounced.id]);
  });
});
