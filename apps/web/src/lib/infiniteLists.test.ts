import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepFirstPage, refreshLiveLists } from './infiniteLists';

const pages = (count: number) => ({
  pages: Array.from({ length: count }, (_, i) => ({ items: [i] })),
  pageParams: Array.from({ length: count }, (_, i) => (i === 0 ? '' : `c${i}`)),
});

describe('infinite lists', () => {
  it('keeps only the first page for the next fetch', () => {
    const client = new QueryClient();
    client.setQueryData(['list', 'a'], pages(3));
    keepFirstPage(client, ['list', 'a']);
    expect(client.getQueryData(['list', 'a'])).toEqual({
      pages: [{ items: [0] }],
      pageParams: [''],
    });
    keepFirstPage(client, ['list', 'none']);
    expect(client.getQueryData(['list', 'none'])).toBeUndefined();
  });

  it('marks every list under the key stale after live events, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(['list', 'a'], pages(2));
    client.setQueryData(['list', 'b'], pages(40));
    client.setQueryData(['other'], pages(1));
    refreshLiveLists(client, ['list']);
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect([stale(['list', 'a']), stale(['list', 'b']), stale(['other'])]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
