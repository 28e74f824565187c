import { beforeAll, describe, expect, it } from 'vitest';
import { canGoBack, trackNavigation } from './history';

/** A window whose history keeps one state per entry, as the browser's does. */
const entries: Record<string, unknown>[] = [{}];
let index = 0;
beforeAll(() => {
  Object.assign(globalThis, {
    window: {
      history: {
        get state() {
          return entries[index];
        },
        replaceState: (state: Record<string, unknown>) => {
          entries[index] = state;
        },
      },
    },
  });
});

/** What the router does before the shell hears of a navigation. */
function browse(type: 'PUSH' | 'REPLACE' | 'POP', key: string, to?: number) {
  if (type === 'PUSH') {
    entries.splice(index + 1, entries.length, { key });
    index += 1;
  } else if (type === 'REPLACE') {
    entries[index] = { key };
  } else if (to !== undefined) {
    index = to;
  }
  trackNavigation(key, type);
}

describe('history depth for the back button', () => {
  it('treats the first page of a session (a deep link) as the root', () => {
    browse('POP', 'first');
    expect(canGoBack()).toBe(false);
  });

  it('can go back after navigating within the app, and not after returning', () => {
    browse('PUSH', 'second');
    expect(canGoBack()).toBe(true);
    browse('REPLACE', 'second-replaced');
    expect(canGoBack()).toBe(true);
    browse('POP', 'first', 0);
    expect(canGoBack()).toBe(false);
    browse('POP', 'second-replaced', 1);
    expect(canGoBack()).toBe(true);
  });

  it('keeps the depth in history.state, so a reload still knows it', () => {
    expect(entries[1]).toMatchObject({ smDepth: 1 });
    browse('POP', 'reloaded', 1);
    expect(canGoBack()).toBe(true);
  });

  it('ignores a repeated notice of the same entry', () => {
    browse('PUSH', 'third');
    trackNavigation('third', 'PUSH');
    expect(entries[2]).toMatchObject({ smDepth: 2 });
  });
});
