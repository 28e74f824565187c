import { beforeEach, describe, expect, it } from 'vitest';
import { HashHistory } from './router';

/** A browser's session history as far as the router sees it: entries, go() and popstate. */
function fakeBrowser(start = '') {
  const entries: { state: unknown; hash: string }[] = [{ state: null, hash: start }];
  let index = 0;
  const listeners: (() => void)[] = [];
  const urlHash = (url: string) => (url.startsWith('#') ? url : '');
  const window = {
    location: {
      get hash() {
        return entries[index]?.hash ?? '';
      },
    },
    history: {
      get state() {
        return entries[index]?.state ?? null;
      },
      pushState(state: unknown, _title: string, url: string) {
        entries.splice(index + 1, entries.length, { state, hash: urlHash(url) });
        index += 1;
      },
      replaceState(state: unknown, _title: string, url?: string) {
        const entry = entries[index];
        if (entry) Object.assign(entry, { state, ...(url ? { hash: urlHash(url) } : {}) });
      },
      // As a browser does: the move is made later, then announced by popstate.
      go(delta: number) {
        setTimeout(() => {
          const next = index + delta;
          if (next < 0 || next >= entries.length) return;
          index = next;
          listeners.forEach((listener) => listener());
        }, 0);
      },
    },
    addEventListener: (_type: 'popstate', listener: () => void) => listeners.push(listener),
  };
  Object.assign(globalThis, { window });
  return {
    /** The address bar's hash, and what the user typed or tapped outside the app. */
    hash: () => window.location.hash,
    visit(hash: string) {
      entries.splice(index + 1, entries.length, { state: null, hash });
      index += 1;
      listeners.forEach((listener) => listener());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the hash router', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  let history: HashHistory;
  let seen: string[];
  beforeEach(() => {
    browser = fakeBrowser('#/pages/orders/orders?tab=paid');
    history = new HashHistory();
    seen = [];
    history.subscribe(() =>
      seen.push(`${history.type} ${history.location.pathname}${history.location.search}`),
    );
  });

  it('reads the first location from the hash, as a POP of the default entry', () => {
    expect(history.location).toEqual({
      pathname: '/pages/orders/orders',
      search: '?tab=paid',
      key: 'default',
    });
    expect(history.type).toBe('POP');
  });

  it('pushes, replaces, changes the query alone, and goes back', async () => {
    history.navigate('/pages/profile/profile');
    history.navigate('?mode=x', { replace: true });
    expect(browser.hash()).toBe('#/pages/profile/profile?mode=x');
    history.navigate(-1);
    await settle();
    expect(seen).toEqual([
      'PUSH /pages/profile/profile',
      'REPLACE /pages/profile/profile?mode=x',
      'POP /pages/orders/orders?tab=paid',
    ]);
    expect(browser.hash()).toBe('#/pages/orders/orders?tab=paid');
  });

  it('gives every entry its own key, and finds it again on Back and Forward', async () => {
    const first = history.location.key;
    history.navigate('/a');
    const second = history.location.key;
    expect(second).not.toBe(first);
    history.navigate(-1);
    await settle();
    expect(history.location.key).toBe(first);
    history.navigate(1);
    await settle();
    expect(history.location.key).toBe(second);
  });

  it('holds a blocked navigation until it proceeds', () => {
    let asked: (() => void) | undefined;
    history.addBlocker({
      shouldBlock: ({ nextLocation }) => nextLocation.pathname === '/b',
      onBlocked: (proceed) => (asked = proceed),
    });
    history.navigate('/a');
    history.navigate('/b');
    expect(history.location.pathname).toBe('/a');
    expect(asked).toBeDefined();
    asked?.();
    expect(history.location.pathname).toBe('/b');
    expect(seen).toEqual(['PUSH /a', 'PUSH /b']);
  });

  it('undoes a blocked Back, and carries it out on proceed', async () => {
    history.navigate('/form');
    let asked: (() => void) | undefined;
    const remove = history.addBlocker({
      shouldBlock: ({ historyAction }) => historyAction === 'POP',
      onBlocked: (proceed) => (asked = proceed),
    });
    history.navigate(-1);
    await settle();
    await settle();
    // The browser went back, the router took it back again: still on the form, nothing heard.
    expect(browser.hash()).toBe('#/form');
    expect(history.location.pathname).toBe('/form');
    expect(seen).toEqual(['PUSH /form']);
    asked?.();
    await settle();
    expect(history.location.pathname).toBe('/pages/orders/orders');
    expect(seen).toEqual(['PUSH /form', 'POP /pages/orders/orders?tab=paid']);
    remove();
    history.navigate(1);
    await settle();
    expect(history.location.pathname).toBe('/form');
  });

  it('takes an address typed or linked outside the app as a new entry, past blockers', async () => {
    history.addBlocker({ shouldBlock: () => true, onBlocked: () => {} });
    browser.visit('#/pages/faq');
    expect(history.location.pathname).toBe('/pages/faq');
    expect(history.type).toBe('POP');
    expect(seen).toEqual(['POP /pages/faq']);
  });

  it('knows the depth for the back button, and keeps it in the entry for a reload', async () => {
    expect(history.depth).toBe(0);
    history.navigate('/a');
    history.navigate('/b', { replace: true });
    expect(history.depth).toBe(1);
    history.navigate(-1);
    await settle();
    expect(history.depth).toBe(0);
    history.navigate(1);
    await settle();
    // A reload: a new router reads the entry's state.
    expect(new HashHistory().depth).toBe(1);
    // An address typed starts again: Back from it goes to the root, not through the history.
    browser.visit('#/pages/faq');
    expect(history.depth).toBe(0);
    history.navigate('/c');
    expect(history.depth).toBe(1);
  });
});
