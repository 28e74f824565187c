import {
  type Feedback,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_PER_HOUR,
  type FeedbackListResponse,
} from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, seedDemoData, signIn } from '../../../test/auctions.js';
import { type Client, createTestApp, DB_KINDS, type TestApp } from '../../../test/helpers.js';

const valid = {
  category: 'bug',
  message: 'The countdown froze on the lot detail page after a while.',
  appVersion: '1.0.0 (b1d5e7a9)',
  locale: 'en',
};

describe.each(DB_KINDS)('feedback on %s', (kind) => {
  let t: TestApp;
  let merchant: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t);
    merchant = await signIn(t, 'merchant');
    other = await registerAccount(t, 'merchant', 4_100);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores feedback with the merchant, app version, language and time', async () => {
    const res = await merchant.post('/api/feedback', {
      ...valid,
      message: '  Please add a filter for frozen lots.  ',
      category: 'suggestion',
      contact: '012-345 6789',
      locale: 'zh',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json<Feedback>();
    expect(stored).toMatchObject({
      category: 'suggestion',
      message: 'Please add a filter for frozen lots.',
      contact: '+60123456789',
      appVersion: '1.0.0 (b1d5e7a9)',
      locale: 'zh',
      createdAt: t.clock.now().toISOString(),
    });

    const email = await merchant.post('/api/feedback', {
      ...valid,
      contact: 'Owner@Example.MY',
    });
    expect(email.json<Feedback>().contact).toBe('owner@example.my');
    const none = await merchant.post('/api/feedback', { ...valid, contact: '   ' });
    expect(none.json<Feedback>().contact).toBeNull();

    const list = (await merchant.get('/api/feedback')).json<FeedbackListResponse>();
    expect(list.items.map((item) => item.id)).toContain(stored.id);
  });

  it('answers each invalid field with its code, message and field', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { ...valid, category: undefined },
        'FEEDBACK_CATEGORY_REQUIRED',
        'category',
        'Choose what your feedback is about',
      ],
      [{ ...valid, category: 'praise' }, 'BAD_REQUEST', 'category', 'Invalid request'],
      [{ ...valid, message: undefined }, 'REQUIRED_FIELDS', 'message', 'Please fill in all fields'],
      [{ ...valid, message: '    ' }, 'REQUIRED_FIELDS', 'message', 'Please fill in all fields'],
      [
        { ...valid, message: ' too short ' },
        'FEEDBACK_TOO_SHORT',
        'message',
        'Write at least 10 characters',
      ],
      [
        { ...valid, message: 'x'.repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1) },
        'FEEDBACK_TOO_LONG',
        'message',
        'Write at most 1,000 characters',
      ],
      [
        { ...valid, contact: 'call me' },
        'INVALID_CONTACT',
        'contact',
        'Enter a Malaysian mobile number or an e-mail address',
      ],
      [
        { ...valid, contact: `${'a'.repeat(140)}@x.my` },
        'TEXT_TOO_LONG',
        'contact',
        'Text is too long',
      ],
      [{ ...valid, locale: 'fr' }, 'BAD_REQUEST', 'locale', 'Invalid request'],
      [{ ...valid, appVersion: undefined }, 'BAD_REQUEST', 'appVersion', 'Invalid request'],
    ];
    for (const [body, code, field, message] of cases) {
      const res = await merchant.post('/api/feedback', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ code, field, message });
    }
  });

  it('is for signed-in merchants only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/feedback', payload: valid });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NOT_LOGGED_IN');
    const buyer = await signIn(t, 'buyer');
    expect((await buyer.post('/api/feedback', valid)).statusCode).toBe(401);
    expect((await buyer.get('/api/feedback')).statusCode).toBe(401);
  });

  it('lists only the merchant’s own feedback, newest first, in cursor pages', async () => {
    const mine = (await merchant.get('/api/feedback?limit=50')).json<FeedbackListResponse>();
    expect(mine.items.length).toBeGreaterThan(0);

    t.clock.advance(60_000);
    const theirs = await other.post('/api/feedback', {
      ...valid,
      message: 'Another merchant’s report.',
    });
    expect(theirs.statusCode).toBe(200);
    const otherList = (await other.get('/api/feedback')).json<FeedbackListResponse>();
    expect(otherList.items.map((item) => item.id)).toEqual([theirs.json<Feedback>().id]);
    const again = (await merchant.get('/api/feedback?limit=50')).json<FeedbackListResponse>();
    expect(again.items.map((item) => item.id)).toEqual(mine.items.map((item) => item.id));

    // Pages of one, across rows stored at the same moment, add up to the whole list.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: FeedbackListResponse = (
        await merchant.get(`/api/feedback?limit=1${query}`)
      ).json<FeedbackListResponse>();
      paged.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(mine.items.map((item) => item.id));

    const bad = await merchant.get('/api/feedback?cursor=nonsense');
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'cursor' });
  });

  it(`takes at most ${FEEDBACK_PER_HOUR} an hour per merchant, however fast they come`, async () => {
    const sender = await registerAccount(t, 'merchant', 4_101);
    t.clock.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: FEEDBACK_PER_HOUR + 3 }, (_, i) =>
        sender.post('/api/feedback', { ...valid, message: `Report number ${i} from the port.` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(FEEDBACK_PER_HOUR);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'FEEDBACK_LIMIT',
      message: 'You have sent a lot of feedback, try again later',
      retryAfterSeconds: 3600,
    });

    // Another merchant is not held back by this one.
    expect((await other.post('/api/feedback', valid)).statusCode).toBe(200);

    // The hour passes for the first messages: one more goes through, the next waits again.
    t.clock.advance(60 * 60_000 - 30_000);
    const waiting = await sender.post('/api/feedback', valid);
    expect(waiting.json()).toMatchObject({ code: 'FEEDBACK_LIMIT', retryAfterSeconds: 30 });
    t.clock.advance(30_000);
    expect((await sender.post('/api/feedback', valid)).statusCode).toBe(200);
  });
});
