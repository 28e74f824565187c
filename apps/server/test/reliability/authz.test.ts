import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_OF } from '../../src/modules/auth/auth.guard.js';
import { DB_KINDS, TEST_OPERATOR_TOKEN } from '../helpers.js';
import {
  answerProblems,
  type ApiRoute,
  apiRoutes,
  buildMarket,
  call,
  ID_ROUTES,
  type IdCall,
  idFields,
  type Market,
  type Principal,
  type Role,
  urlOf,
} from './routes.js';

/**
 * Issue 7, reliability 2: every route that takes an id (idFields: path parameters, and id-ish
 * query and body fields), aimed at merchant A's and buyer 1's real objects by everyone else. A
 * caller of the route's role (merchant B, buyer 2) is answered 404 or 403; a caller of another
 * role, even with its own token presented as the route's credential, 401. No answer holds the
 * owner's data, and the owner's objects are as they were.
 */
describe.each(DB_KINDS)('object-level authorization (%s)', (kind) => {
  let m: Market;
  let routes: ApiRoute[];

  beforeAll(async () => {
    m = await buildMarket(kind);
    routes = apiRoutes(m.t.app);
  });
  afterAll(async () => {
    await m?.t.close();
  });

  const idRoutes = () => routes.filter((r) => idFields(r).length > 0);
  const entryOf = (route: ApiRoute) => {
    const entry = ID_ROUTES[route.key];
    if (!entry) throw new Error(`no ID_ROUTES entry for ${route.key}`);
    return entry;
  };
  const ownerOf = (role: Role): Principal | null =>
    ({ merchant: m.merchantA, buyer: m.buyer1, operator: m.operator, public: null })[role];
  const principals = () => [m.merchantA, m.merchantB, m.buyer1, m.buyer2, m.operator];
  const send = (route: ApiRoute, who: Principal, c: IdCall, headers: Record<string, string> = {}) =>
    call(
      m.t,
      who,
      route.method,
      urlOf(route, c.params ?? {}) + (c.query ? `?${new URLSearchParams(c.query)}` : ''),
      c.body,
      { ...c.headers, ...headers },
    );
  const describeCall = (route: ApiRoute, who: Principal, c: IdCall) =>
    `${route.key}${c.label ? ` [${c.label}]` : ''} by ${who.name}`;

  /**
   * The caller's own credential, put where the route's role looks for one: a buyer's session as
   * the merchant cookie, a merchant's as the operator's bearer token. It must count for nothing.
   */
  const forged = (who: Principal, role: Role): Record<string, string> => {
    const own = who.headers();
    const token =
      who.role === 'operator' ? TEST_OPERATOR_TOKEN : (own.cookie ?? '').replace(/^[^=]*=/, '');
    if (role === 'operator') return { authorization: `Bearer ${token}` };
    if (role === 'public') return {};
    const cookie = `${COOKIE_OF[role]}=${token}`;
    return { cookie: own.cookie ? `${own.cookie}; ${cookie}` : cookie };
  };

  it('has an ID_ROUTES entry for every route that takes an id, and none for a route gone', () => {
    const missing = idRoutes()
      .filter((r) => !ID_ROUTES[r.key])
      .map((r) => `${r.key} (${idFields(r).join(', ')})`);
    expect(missing, 'routes that take an id but have no ID_ROUTES entry (routes.ts)').toEqual([]);
    const gone = Object.keys(ID_ROUTES).filter((key) => !routes.some((r) => r.key === key));
    expect(gone, 'ID_ROUTES entries of routes the app no longer has').toEqual([]);
    // The enumeration itself: the app's id routes are all there (a broken parser finds none).
    expect(idRoutes().length).toBeGreaterThan(50);
  });

  it('answers everyone but the owner 404, 403 or 401 and never the data', async () => {
    const failures: string[] = [];
    // A's views that no one else's call may change. (Live lots, the dashboard and notification
    // counts are left out: other buyers' bids on a live lot change them by right.)
    const views: [Principal, string][] = [
      [m.merchantA, `/api/lots/${m.a.lot}`],
      [m.merchantA, `/api/orders/${m.a.order}`],
      [m.merchantA, `/api/boats/${m.a.boat}`],
      [m.merchantA, `/api/cold-rooms/${m.a.coldRoom}`],
      [m.merchantA, '/api/printers'],
      [m.merchantA, '/api/wallet'],
      [m.merchantA, `/api/wallet/withdrawals/${m.a.withdrawal}`],
      [m.merchantA, '/api/store'],
      [m.merchantA, '/api/bank-account'],
      [m.merchantA, `/api/notifications/settings?endpoint=${encodeURIComponent(m.a.pushEndpoint)}`],
      [m.buyer1, `/api/buyer/orders/${m.a.order}`],
    ];
    const snapshot = async () =>
      Promise.all(views.map(async ([who, url]) => (await call(m.t, who, 'GET', url)).text));
    const notificationRead = async () => {
      const res = await call(m.t, m.merchantA, 'GET', '/api/notifications?limit=50');
      const items = res.json().items as { id: string; read: boolean }[];
      return items.find((n) => n.id === m.a.notification)?.read;
    };
    const before = await snapshot();
    expect(await notificationRead()).toBe(false);
    expect(JSON.parse(before.at(-2) ?? '{}').push.subscribed).toBe(true);

    // The owner first: each GET answers it, with its data, so the refusals below are about
    // who asks, not about an id that leads nowhere.
    for (const route of idRoutes().filter((r) => r.method === 'GET')) {
      const entry = entryOf(route);
      const owner = ownerOf(route.role);
      if (!owner) continue;
      for (const c of entry.calls(m, owner)) {
        const res = await send(route, owner, c);
        const secrets = entry.secrets?.(m) ?? m.secrets;
        if (res.status >= 300) failures.push(`${describeCall(route, owner, c)}: ${res.status}`);
        else if (res.text !== null && (!entry.open || route.stream)) {
          if (!secrets.some((s) => res.text?.includes(s))) {
            failures.push(`${describeCall(route, owner, c)}: the owner's answer shows no data`);
          }
        }
      }
    }

    for (const route of idRoutes()) {
      const entry = entryOf(route);
      const owner = ownerOf(route.role);
      const secrets = entry.secrets?.(m) ?? m.secrets;
      for (const who of principals().filter((p) => p !== owner)) {
        const sameRole = who.role === route.role;
        for (const c of entry.calls(m, who)) {
          const attempts = sameRole ? [{}] : [{}, forged(who, route.role)];
          for (const headers of attempts) {
            const res = await send(route, who, c, headers);
            const what = `${describeCall(route, who, c)}${headers === attempts[0] ? '' : ' (own token as the route’s credential)'}`;
            const expected =
              route.role === 'public' || (sameRole && entry.open)
                ? null
                : sameRole
                  ? [403, 404]
                  : [401];
            if (expected && !expected.includes(res.status)) {
              failures.push(`${what}: ${res.status}, expected ${expected.join(' or ')}`);
            }
            for (const p of answerProblems(res)) failures.push(`${what}: ${p}`);
            const shown = secrets.filter((s) => res.text?.includes(s));
            if (shown.length) failures.push(`${what}: the answer shows ${shown.join(', ')}`);
            if (entry.leaks && res.status < 300 && entry.leaks(res.json())) {
              failures.push(`${what}: the answer tells the owner's state`);
            }
          }
        }
      }
    }

    const after = await snapshot();
    views.forEach(([who, url], i) => {
      if (after[i] !== before[i]) failures.push(`${who.name}'s ${url} changed: ${after[i]}`);
    });
    if ((await notificationRead()) !== false) failures.push('A’s notification was marked read');
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('lets the owner make each of those calls: the ids were real', async () => {
    const failures: string[] = [];
    // Deletes last, so that each call still finds its object.
    const changes = idRoutes()
      .filter((r) => r.method !== 'GET' && !entryOf(r).open)
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of changes) {
      const owner = ownerOf(route.role);
      if (!owner) continue;
      for (const c of entryOf(route).calls(m, owner)) {
        const res = await send(route, owner, c);
        if (res.status >= 500 || [401, 403, 404].includes(res.status)) {
          failures.push(`${describeCall(route, owner, c)}: ${res.status} ${res.text}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('shows no one else A’s or buyer 1’s data in any list', async () => {
    const failures: string[] = [];
    const lists = routes.filter(
      (r) => r.method === 'GET' && r.params.length === 0 && ['merchant', 'buyer'].includes(r.role),
    );
    for (const route of lists) {
      const [who, secrets] =
        route.role === 'merchant'
          ? [m.merchantB, m.secrets]
          : // Buyers see every live lot, A's names and ids with it; not who else bought or bid.
            [m.buyer2, [...m.buyerSecrets, m.a.order]];
      const res = await send(route, who, {});
      if (res.status >= 300) failures.push(`${route.key} by ${who.name}: ${res.status}`);
      const shown = secrets.filter((s) => res.text?.includes(s));
      if (shown.length) failures.push(`${route.key} by ${who.name} shows ${shown.join(', ')}`);
    }
    expect(lists.length).toBeGreaterThan(20);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
