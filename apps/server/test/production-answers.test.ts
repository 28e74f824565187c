import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DB_KINDS, TEST_OPERATOR_TOKEN } from './helpers.js';
import {
  apiRoutes,
  buildMarket,
  type Market,
  type Principal,
  send,
  urlOf,
} from './reliability/routes.js';

/**
 * Production answers are written by the compiled serializers alone, with no zod walk: every GET
 * of the reliability market, asked of a production app on the same database, must answer the
 * same bytes as the test app, which checks each answer against zod's as well.
 */
describe.each(DB_KINDS)('answers in production on %s', (kind) => {
  let m: Market;
  let production: FastifyInstance;
  beforeAll(async () => {
    m = await buildMarket(kind);
    // The same app in all but its mode: production writes answers without the zod check.
    production = await buildApp(
      { ...m.t.config, env: 'production' },
      {
        database: m.t.database,
        clock: m.t.clock,
        // createTestApp's secrets: the market's sessions are good here too.
        secrets: { appSecret: 'a'.repeat(43), operatorToken: TEST_OPERATOR_TOKEN },
      },
    );
    await production.ready();
  });
  afterAll(async () => {
    await production?.close();
    await m?.t.close();
  });

  /** The market's object a route's `{id}` names, by the collection in its path. */
  const idOf = (path: string): string | undefined => {
    const a = m.a;
    const ids: [RegExp, string][] = [
      [/^\/api\/buyer\/lots\//, a.liveLot],
      [/\/lots\//, a.lot],
      [/\/orders\//, a.order],
      [/\/auctions\//, a.auction],
      [/\/boats\//, a.boat],
      [/\/printers\//, a.printer],
      [/\/cold-rooms\//, a.coldRoom],
      [/\/withdrawals\//, a.withdrawal],
      [/\/ssm\//, a.ssmDocument],
    ];
    return ids.find(([pattern]) => pattern.test(path))?.[1];
  };

  it('sends every GET answer byte for byte as the contract-checked app does', async () => {
    const who: Record<string, Principal | null> = {
      public: null,
      merchant: m.merchantA,
      buyer: m.buyer1,
      operator: m.operator,
    };
    const compared: string[] = [];
    const differing: string[] = [];
    for (const route of apiRoutes(m.t.app)) {
      if (route.method !== 'GET' || route.stream) continue;
      const params = Object.fromEntries(route.params.map((p) => [p.name, idOf(route.path) ?? '']));
      if (Object.values(params).includes('')) continue;
      const request = { method: 'GET' as const, url: urlOf(route, params) };
      const caller = who[route.role];
      for (const principal of caller ? [caller, null] : [null]) {
        const options = { ...request, headers: principal?.headers() ?? {} };
        const tested = await send(m.t.app, options);
        if (!tested.contentType.startsWith('application/json')) continue;
        const answer = await send(production, options);
        const same = answer.status === tested.status && answer.text === tested.text;
        if (!same) differing.push(`${route.key} as ${principal?.name ?? 'nobody'}`);
        compared.push(`${tested.status} ${route.key}`);
      }
    }
    expect(differing).toEqual([]);
    // The merchant's, the buyer's and the operator's lists and details, and their refusals.
    expect(compared).toEqual(
      expect.arrayContaining([
        '200 GET /api/version',
        '200 GET /api/dashboard',
        '200 GET /api/auctions',
        '200 GET /api/lots/{id}',
        '200 GET /api/orders/{id}',
        '200 GET /api/wallet/statement',
        '200 GET /api/buyer/lots/{id}',
        '200 GET /api/notifications',
        '401 GET /api/dashboard',
      ]),
    );
    expect(compared.filter((c) => c.startsWith('200')).length).toBeGreaterThan(30);
  });
});
