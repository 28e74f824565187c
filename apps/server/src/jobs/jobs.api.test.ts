import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { lotInput, publish, startDemoMarket } from '../../test/auctions.js';
import { DB_KINDS } from '../../test/helpers.js';
import { lots } from '../db/schema.js';
import { startJobs } from './jobs.js';

/**
 * The jobs of one server process (issue 20 item 6) on a real database, with its real NOTIFY: each
 * sleeps until its work is due instead of asking every half second. Time is the test clock, moved
 * in step with fake timers; the observable is each job's look at the database (the service call
 * that reads when work is due next, or does it), counted.
 */
describe.each(DB_KINDS)('the jobs on %s', (kind) => {
  let market: Awaited<ReturnType<typeof startDemoMarket>>;
  let jobs: Awaited<ReturnType<typeof startJobs>> | undefined;
  beforeAll(async () => {
    market = await startDemoMarket(kind);
  });
  afterAll(async () => {
    await jobs?.stop();
    vi.useRealTimers();
    await market?.t.close();
  });

  it('an idle process asks nothing between due times; a published lot wakes the lot closer, which ends it on time', async () => {
    const { t, merchant } = market;
    const { services } = t.app;
    const input = await lotInput(merchant, t);
    // What each job calls first when it runs: one look at the database.
    const looks: MockInstance[] = [
      vi.spyOn(services.auctions, 'nextLotEnd'),
      vi.spyOn(services.orders, 'nextPaymentDeadline'),
      vi.spyOn(services.payouts, 'runIfDue'),
      vi.spyOn(services.push, 'sendDue'),
      vi.spyOn(services.invoices, 'nextWorkAt'),
      vi.spyOn(services.printing.cloud, 'nextOverdueAt'),
    ];
    // And the work they do when it is due, for settle() to wait on.
    const calls = [
      ...looks,
      vi.spyOn(services.auctions, 'closeDueLots'),
      vi.spyOn(services.orders, 'settleOverdue'),
      vi.spyOn(services.invoices, 'work'),
      vi.spyOn(services.printing.cloud, 'sweep'),
    ];
    const counts = () => looks.map((look) => look.mock.calls.length);
    const closerLooks = () => counts()[0] ?? 0;
    /** Until the runs in progress are done: their database calls answered, the next planned. */
    const settle = async () => {
      for (;;) {
        const before = calls.map((call) => call.mock.calls.length).join();
        await Promise.allSettled(calls.flatMap((call) => call.mock.results.map((r) => r.value)));
        await new Promise((resolve) => setImmediate(resolve));
        if (calls.map((call) => call.mock.calls.length).join() === before) return;
      }
    };
    /** `ms` of time pass, a second at a time: the test clock and the timers in step. */
    const passes = async (ms: number) => {
      for (let left = ms; left > 0; left -= 1000) {
        t.clock.advance(Math.min(1000, left));
        await vi.advanceTimersByTimeAsync(Math.min(1000, left));
        await settle();
      }
    };

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    jobs = startJobs(services, t.clock, t.app.log);
    await settle();
    // Each looks at start (work left from before a crash); what the demo left due is done by now.
    expect(counts().every((n) => n >= 1)).toBe(true);
    await passes(5_000);
    const idle = counts();
    // The fixed periods asked about 4.5 times a second: 225 looks in these 50 s.
    await passes(50_000);
    expect(counts()).toEqual(idle);
    // None sleeps past a minute: what no NOTIFY told of is found within it.
    await passes(10_000);
    expect(counts().every((n, i) => n === (idle[i] ?? 0) + 1)).toBe(true);

    // The publish's NOTIFY, at its commit, wakes the closer: it reads the new lot's end at once.
    const before = closerLooks();
    const { lotIds, endsAt } = await publish(merchant, [input]);
    await vi.waitFor(() => expect(closerLooks()).toBe(before + 1), { timeout: 10_000 });
    await settle();

    const statusOfLot = async () =>
      (
        await t.database.db
          .select({ status: lots.status })
          .from(lots)
          .where(eq(lots.id, lotIds[0] ?? ''))
      )[0]?.status;
    await passes(Date.parse(endsAt) - t.clock.now().getTime() - 1_000);
    expect(await statusOfLot()).toBe('live');
    await passes(1_000);
    expect(await statusOfLot()).toBe('ended');
  });
});
