import { apiAreas } from '@sm/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { routeTable } from './reliability/routes.js';

/**
 * Issue 18: each route is declared once, in packages/contract/src/routes. Every /api route the
 * server registers must be declared there, and every declaration registered, so that the app's
 * client (which calls the declarations) and the server cannot drift apart.
 */

/** `GET /api/boats/{id}`, as the router table prints it. */
const keyOf = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;

describe('the declared routes', () => {
  let t: TestApp;
  // With the test clock, so that its operator route is registered too.
  beforeAll(async () => {
    t = await createTestApp('pglite', { TEST_CLOCK: 'true' });
  });
  afterAll(() => t.close());

  it('are the routes the server registers, each method and path once', () => {
    const registered = new Set(
      routeTable(t.app)
        // Swagger UI's pages and assets are no API of ours.
        .filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
        .map(({ method, path }) => keyOf(method, path)),
    );
    const declared = Object.values(apiAreas).flatMap((routes) =>
      Object.values(routes).map((r) => keyOf(r.method, r.path)),
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });
});
