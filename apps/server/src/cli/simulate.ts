import { parseArgs } from 'node:util';
import {
  amountOf,
  type BuyerCover,
  type BuyerLot,
  type BuyerOrder,
  formatKg,
  formatRM,
  PRICE_STEP,
} from '@sm/contract';
import { loadConfig } from '../config.js';
import { runningServerPort } from '../lib/runtime-files.js';
import { DEMO_BUYER_PHONES, DEMO_PASSWORD } from './seed.js';

const USAGE = `Bidding bots for demos and load: npm run simulate -- [options]

  --url http://127.0.0.1:3000   the server (default: the one running on DATA_DIR, else :3000)
  --interval 3000               ms between one bot's bids
  --rounds 0                    bids per bot, 0 for no end (Ctrl-C stops)
  --buyout-chance 0.02          chance that a bot buys a lot out instead of bidding
  --pay-chance 0.5              chance that a bot pays one of its unpaid orders each round

The bots are the demo buyers (${DEMO_BUYER_PHONES.join(', ')}); they bid on live lots through the
buyer API, raising their own bids the way a person would, and pay the orders they win from their
wallets (most of them: some are left to the 24-hour deadline).`;

async function serverUrl(): Promise<string> {
  const config = loadConfig();
  return `http://127.0.0.1:${(await runningServerPort(config.dataDir)) ?? config.port}`;
}

class Bot {
  private cookie = '';
  constructor(
    private readonly base: string,
    readonly phone: string,
  ) {}

  async call<T>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ ok: boolean; data: T }> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sm_buyer_session='));
    if (set) this.cookie = set.split(';')[0] ?? '';
    return { ok: res.ok, data: (await res.json()) as T };
  }

  async signIn() {
    const res = await this.call('POST', '/api/buyer/auth/login', {
      phone: this.phone,
      password: DEMO_PASSWORD,
    });
    if (!res.ok) throw new Error(`${this.phone} cannot sign in: ${JSON.stringify(res.data)}`);
  }
}

const pick = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];
const steps = (max: number) => (1 + Math.floor(Math.random() * max)) * PRICE_STEP;

/**
 * A bid that a keen buyer might place next on this lot, or null when there is none to place. Its
 * kg are cut to what the bot's cover still allows (PRODUCT.md §4a): a bot never bids money it
 * does not have.
 */
function nextBid(lot: BuyerLot, available: number): { quantity: number; price: number } | null {
  const floor = Math.max(lot.startPrice, lot.highestPrice ?? 0);
  const mine = lot.myBid;
  const quantity = mine
    ? Math.min(lot.quantity, mine.quantity + Math.ceil(lot.quantity / 20))
    : Math.min(
        lot.quantity,
        Math.max(1, Math.round((lot.quantity * (10 + Math.random() * 30)) / 100)),
      );
  const price = Math.max(mine?.price ?? 0, floor) + steps(5);
  if (lot.buyoutPrice !== null && price >= lot.buyoutPrice) return null;
  // What the bid may add to the standing one it replaces, in tenths of a kg at this price.
  const budget = available + (mine?.amount ?? 0);
  const affordable = Math.min(quantity, Math.floor((budget * 10) / price));
  if (affordable < Math.max(1, mine?.quantity ?? 0)) return null;
  return { quantity: affordable, price };
}

/** What the bot's bids may still add: balance + credit limit − exposure. */
async function availableOf(bot: Bot): Promise<number> {
  const wallet = await bot.call<{ cover?: BuyerCover }>('GET', '/api/buyer/wallet');
  return wallet.data.cover?.available ?? 0;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      interval: { type: 'string', default: '3000' },
      rounds: { type: 'string', default: '0' },
      'buyout-chance': { type: 'string', default: '0.02' },
      'pay-chance': { type: 'string', default: '0.5' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const base = values.url ?? (await serverUrl());
  const interval = Number(values.interval);
  const rounds = Number(values.rounds);
  const buyoutChance = Number(values['buyout-chance']);
  const payChance = Number(values['pay-chance']);
  const bots = DEMO_BUYER_PHONES.map((phone) => new Bot(base, phone));
  await Promise.all(bots.map((b) => b.signIn()));
  process.stdout.write(`${bots.length} bots bidding on ${base} (Ctrl-C stops)\n`);

  const payOne = async (bot: Bot) => {
    const orders = await bot.call<{ items: BuyerOrder[] }>('GET', '/api/buyer/orders');
    const order = (orders.data.items ?? []).find((o) => o.status === 'pending_payment');
    if (!order) return;
    // One key per order: a retried payment of the same order can never charge twice.
    const res = await bot.call<{ code?: string }>(
      'POST',
      `/api/buyer/orders/${order.id}/pay`,
      {},
      {
        'idempotency-key': `simulate-pay-${order.id}`,
      },
    );
    process.stdout.write(
      res.ok
        ? `${bot.phone} paid ${order.number}: ${formatRM(order.subtotal)}\n`
        : `${bot.phone} could not pay ${order.number}: ${res.data.code}\n`,
    );
  };

  const run = async (bot: Bot) => {
    for (let round = 0; rounds === 0 || round < rounds; round++) {
      await new Promise((r) => setTimeout(r, interval * (0.5 + Math.random())));
      if (Math.random() < payChance) await payOne(bot);
      const page = await bot.call<{ items: BuyerLot[] }>('GET', '/api/buyer/lots?limit=50');
      const lot = pick(page.data.items ?? []);
      if (!lot) continue;
      const available = await availableOf(bot);
      if (
        lot.buyoutPrice !== null &&
        Math.random() < buyoutChance &&
        amountOf(lot.quantity, lot.buyoutPrice) - (lot.myBid?.amount ?? 0) <= available
      ) {
        const res = await bot.call('POST', `/api/buyer/lots/${lot.id}/buyout`, {});
        if (res.ok) process.stdout.write(`${bot.phone} bought out "${lot.name}"\n`);
        continue;
      }
      const bid = nextBid(lot, available);
      if (!bid) continue;
      const res = await bot.call<{ code?: string }>('POST', `/api/buyer/lots/${lot.id}/bids`, bid);
      process.stdout.write(
        res.ok
          ? `${bot.phone} bid ${formatKg(bid.quantity)} kg at ${formatRM(bid.price)}/kg on "${lot.name}"\n`
          : `${bot.phone} refused on "${lot.name}": ${res.data.code}\n`,
      );
    }
  };
  await Promise.all(bots.map(run));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
