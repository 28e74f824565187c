import { describe, expect, it } from 'vitest';
import { apiAreas } from './index.js';
import * as table from './table.js';

/** What a table lists: area → name → `METHOD path`. */
const listing = (areas: Readonly<Record<string, Readonly<Record<string, unknown>>>>) =>
  Object.fromEntries(
    Object.entries(areas).map(([area, routes]) => [
      area,
      Object.fromEntries(
        Object.entries(routes).map(([name, r]) => {
          const { method, path } = r as { method: string; path: string };
          return [name, `${method} ${path}`];
        }),
      ),
    ]),
  );

describe('the app’s route table', () => {
  it('lists every declared route, and only those, with its method and path (else: npm run routes:table)', () => {
    expect(listing(table as Record<string, Record<string, unknown>>)).toEqual(listing(apiAreas));
  });

  it('declares each method and path once', () => {
    const keys = Object.values(apiAreas).flatMap((routes) =>
      Object.values(routes).map((r) => `${r.method} ${r.path}`),
    );
    expect(keys.length).toBe(new Set(keys).size);
  });
});
