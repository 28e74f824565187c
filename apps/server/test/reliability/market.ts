import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  HttpClient,
  PROCESS_OPERATOR_TOKEN,
  registerOverHttp,
  type ServerProcess,
  startServerProcess,
} from '../processes.js';

export const FIFTEEN_MINUTES = 15 * 60_000;
export const DAY = 24 * 3_600_000;
export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_BUYERS = ['013-000 0001', '013-000 0002', '013-000 0003'];
const operatorHeaders = {
  authorization: `Bearer ${PROCESS_OPERATOR_TOKEN}`,
  'x-operator': 'reliability',
};

/**
 * One server process (src/main.ts) on a database, with TEST_CLOCK, that can be killed and started
 * again on the same port, data dir and database. The clock is an offset held in the process, so
 * a restart starts from the real time; `start` moves the new process's clock to where the last
 * one was, so that lots and deadlines come due as they would have.
 */
export class ServerNode {
  process: ServerProcess | null = null;
  offsetMs = 0;
  readonly base: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.process = await startServerProcess({ TEST_CLOCK: 'true', ...this.env }, this.port);
    if (this.offsetMs > 0) await this.moveClock(this.offsetMs);
  }

  /** Moves this process's clock forward; the lot closer sees it within half a second. */
  async advance(ms: number): Promise<void> {
    this.offsetMs += ms;
    await this.moveClock(ms);
  }

  private async moveClock(ms: number) {
    const res = await this.operator('POST', '/test/clock', { advanceMs: ms });
    expect(res.status).toBe(200);
  }

  operator(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return new HttpClient(this.base).request(method, `/api/operator${url}`, body, {
      ...operatorHeaders,
      ...headers,
    });
  }

  /** SIGKILL: no shutdown hook, no finished request, no closed connection. */
  async kill(): Promise<void> {
    const p = this.process;
    if (!p) return;
    this.process = null;
    p.child.kill('SIGKILL');
    await p.exited;
  }

  /** SIGTERM: the graceful shutdown of main.ts. */
  async stop(): Promise<void> {
    const p = this.process;
    if (!p) return;
    this.process = null;
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }
}

export async function signInOverHttp(base: string, role: 'merchant' | 'buyer', phone: string) {
  const client = new HttpClient(base);
  const res = await client.request(
    'POST',
    role === 'merchant' ? '/api/auth/login' : '/api/buyer/auth/login',
    { phone, password: DEMO_PASSWORD },
  );
  expect(res.status, JSON.stringify(res.json())).toBe(200);
  return client;
}

/** Runs `fn` over `items`, `width` at a time: traffic a few clients' worth wide, not a flood. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

export async function uploadPhoto(merchant: HttpClient): Promise<string> {
  const jpeg = await sharp({
    create: { width: 32, height: 32, channels: 3, background: '#208060' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fish.jpg');
  const res = await merchant.request('POST', '/api/media', form);
  expect(res.status).toBe(200);
  return res.json().id as string;
}

/** Publishes one auction of `n` lots of `quantity` tenths of a kg each; returns the lot ids. */
export async function publishLots(
  merchant: HttpClient,
  photoId: string,
  n: number,
  quantity: number,
): Promise<string[]> {
  const boats = (await merchant.request('GET', '/api/boats')).json().items as { id: string }[];
  const res = await merchant.request('POST', '/api/auctions', {
    lots: Array.from({ length: n }, (_, i) => ({
      boatId: boats[0]?.id,
      harbor: 'Kuala Selangor',
      freshness: 'fresh',
      landedAt: new Date(Date.now() - 3_600_000).toISOString(),
      name: `Kembung ${i + 1}`,
      species: 'kembung',
      quantity,
      startPrice: 1000,
      buyoutPrice: null,
      photoIds: [photoId],
    })),
  });
  expect(res.status, JSON.stringify(res.json())).toBe(200);
  return res.json().lotIds as string[];
}

/**
 * Every buyer bids on every lot, at prices that differ by buyer and lot, for quantities that
 * together exceed the lot: each lot has several winners, the last of them partly.
 */
export async function bidOnAll(buyers: HttpClient[], lotIds: string[], quantity: number) {
  const bids = lotIds.flatMap((lotId, j) => buyers.map((buyer, i) => ({ lotId, buyer, i, j })));
  await inParallel(bids, 8, async ({ lotId, buyer, i, j }) => {
    const res = await buyer.request('POST', `/api/buyer/lots/${lotId}/bids`, {
      quantity: Math.ceil((quantity * (2 + ((i + j) % 3))) / (2 * buyers.length)),
      price: 1000 + 10 * ((i * 7 + j * 3) % 30),
    });
    expect(res.status, JSON.stringify(res.json())).toBe(200);
  });
}

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** Merchants (019 7xxxxxx) signed up over HTTP, each with a verified bank account and `amount` sen. */
export async function merchantsWithMoney(node: ServerNode, n: number, amount: number) {
  return inParallel(
    Array.from({ length: n }, (_, i) => i),
    4,
    async (i) => {
      const client = new HttpClient(node.base);
      await registerOverHttp(client, 'merchant', `+6019${7_000_000 + i}`, DEMO_PASSWORD);
      const id = (await client.request('GET', '/api/me')).json().id as string;
      const bank = await client.request('PUT', '/api/bank-account', {
        bankCode: 'MBB',
        holderName: 'Tan Ah Kow',
        accountNumber: '5140 1234 5678',
      });
      expect(bank.status).toBe(200);
      expect((await node.operator('POST', `/bank-accounts/${id}/verify`)).status).toBe(200);
      const credit = await node.operator(
        'POST',
        `/wallets/${id}/credit`,
        { amount },
        idempotencyKey(),
      );
      expect(credit.status).toBe(200);
      return { client, id };
    },
  );
}

/**
 * Moves the buyers' orders of `lotIds` on as a day of trade would: of every six, one is left
 * unpaid (the payment deadline charges the buyer's wallet for it, PRODUCT.md §4a), one is paid and then canceled & refunded by the
 * merchant, and four are paid and completed (Payout Pending).
 */
export async function settleOrders(merchant: HttpClient, buyers: HttpClient[], lotIds: string[]) {
  const lots = new Set(lotIds);
  const orders = (
    await Promise.all(
      buyers.map(async (buyer) => {
        const res = await buyer.request('GET', '/api/buyer/orders');
        expect(res.status).toBe(200);
        const items = res.json().items as { id: string; lotId: string; status: string }[];
        return items.filter((o) => lots.has(o.lotId)).map((o) => ({ ...o, buyer }));
      }),
    )
  ).flat();
  expect(orders.every((o) => o.status === 'pending_payment')).toBe(true);
  await inParallel(orders, 6, async (order, i) => {
    if (i % 6 === 0) return;
    const paid = await order.buyer.request(
      'POST',
      `/api/buyer/orders/${order.id}/pay`,
      {},
      idempotencyKey(),
    );
    expect(paid.status, JSON.stringify(paid.json())).toBe(200);
    if (i % 6 === 1) {
      expect((await merchant.request('POST', `/api/orders/${order.id}/cancel`, {})).status).toBe(
        200,
      );
      return;
    }
    for (const status of ['ready_for_pickup', 'in_transit', 'completed']) {
      const moved = await merchant.request('POST', `/api/orders/${order.id}/status`, { status });
      expect(moved.status, JSON.stringify(moved.json())).toBe(200);
    }
  });
  return orders.length;
}

/** The operator's review of the i-th withdrawal of a round: two approved for each one rejected. */
export function review(node: ServerNode, withdrawalId: string, i: number) {
  return i % 3 === 2
    ? node.operator('POST', `/withdrawals/${withdrawalId}/reject`, { reason: 'Account closed' })
    : node.operator('POST', `/withdrawals/${withdrawalId}/approve`);
}
export const reviewedStatus = (i: number) => (i % 3 === 2 ? 'rejected' : 'completed');
