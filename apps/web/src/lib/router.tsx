import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The app's router: hash routes (`#/pages/orders/orders?tab=paid`, spec §2) on the browser's own
 * history, with what the app uses of react-router's API and nothing more: links, navigate,
 * search params, the kind of the last navigation, and blockers that ask before a form with
 * unsaved input is left. It replaced react-router, which was 30 KB gzip of the sign-in page's
 * 178 KB, and 12-18 ms of script at every start (creating its data router, ranking and
 * compiling route patterns) for 26 fixed paths that a lookup matches.
 *
 * Each history entry's state carries its key, its index in the session (`idx`, as react-router
 * kept it, so entries made before still count) and its depth (`smDepth`, as the app kept it): a
 * Back or Forward is a POP whose distance is the difference of indexes, which a blocker can undo
 * and redo; the depth tells the header's back button whether there is a page of the app to go
 * back to (canGoBack).
 */

/** How the current entry was reached: a new entry, a replaced one, or Back/Forward/reload. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  /** `?…`, or empty. */
  search: string;
  /** Unique to the history entry; `default` for the first one of a session. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

interface Transition {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}

interface BlockerEntry {
  shouldBlock: (transition: Transition) => boolean;
  /** Called with what carries the blocked navigation out, past every blocker. */
  onBlocked: (proceed: () => void) => void;
}

type EntryState = Record<string, unknown> & { key?: unknown; idx?: unknown; smDepth?: unknown };

function locationOfHash(hash: string, key: string): Location {
  const path = hash.replace(/^#/, '');
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = at < 0 ? '' : path.slice(at);
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: search === '?' ? '' : search,
    key,
  };
}

const entryState = (): EntryState => (window.history.state ?? {}) as EntryState;

interface EntryMarks {
  key: string;
  idx: number;
  smDepth: number;
}

/** Writes the router's marks into the current entry, keeping its other state, when they differ. */
function markEntry(state: EntryState, marks: EntryMarks) {
  if (state.key !== marks.key || state.idx !== marks.idx || state.smDepth !== marks.smDepth) {
    window.history.replaceState({ ...state, ...marks }, '');
  }
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const hrefOf = (to: string) => `#${to}`;
const pathOf = (location: Location) => location.pathname + location.search;

/**
 * The one history of the app (exported for its test): the browser's, read and written through
 * the hash.
 */
export class HashHistory {
  location: Location;
  type: NavigationType = 'POP';
  /** The current entry's place in the browser's history, counted from the session's start. */
  private index: number;
  /**
   * How many pages of the app lie behind the current one: 0 on the page a session started on,
   * or an address typed or opened from outside (a new start, as far as Back is concerned).
   */
  depth: number;
  private readonly listeners = new Set<() => void>();
  private readonly blockers = new Set<BlockerEntry>();
  /** A POP that undoes a blocked one: not a navigation of its own. */
  private undoing = false;
  /** A POP that a blocker's proceed redoes: not to be blocked again. */
  private proceeding = false;

  constructor() {
    const state = entryState();
    const key = typeof state.key === 'string' ? state.key : 'default';
    this.location = locationOfHash(window.location.hash, key);
    this.index = typeof state.idx === 'number' ? state.idx : 0;
    this.depth = typeof state.smDepth === 'number' ? state.smDepth : 0;
    markEntry(state, this.marks(this.location));
    window.addEventListener('popstate', () => this.pop());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addBlocker(blocker: BlockerEntry): () => void {
    this.blockers.add(blocker);
    return () => this.blockers.delete(blocker);
  }

  /** `to`: a path with its query, or `?…` alone for the current path; a number goes that far. */
  navigate(to: string | number, options: NavigateOptions = {}, unblocked = false): void {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const type: NavigationType = options.replace ? 'REPLACE' : 'PUSH';
    const path = to.startsWith('?') ? this.location.pathname + to : to;
    const next = locationOfHash(path, newKey());
    if (!unblocked && this.blocked(next, type, () => this.navigate(to, options, true))) return;
    if (type === 'PUSH') {
      this.index += 1;
      this.depth += 1;
      window.history.pushState(this.marks(next), '', hrefOf(pathOf(next)));
    } else {
      window.history.replaceState(this.marks(next), '', hrefOf(pathOf(next)));
    }
    this.change(next, type);
  }

  private pop() {
    if (this.undoing) {
      this.undoing = false;
      return;
    }
    const state = entryState();
    const next = locationOfHash(
      window.location.hash,
      typeof state.key === 'string' ? state.key : newKey(),
    );
    // An entry the app did not make (the address typed, a test's page.goto, a bare `#` link) has
    // no index: it is one beyond the last, and goes through, blockers or not, as it did under
    // react-router: how far to undo it is unknown.
    const { idx } = state;
    const made = typeof idx === 'number';
    const index = made ? idx : this.index + 1;
    const delta = index - this.index;
    if (made && !this.proceeding && delta !== 0) {
      const redo = () => {
        this.proceeding = true;
        window.history.go(delta);
      };
      if (this.blocked(next, 'POP', redo)) {
        // The browser has moved already: back to the entry the blocker keeps, quietly.
        this.undoing = true;
        window.history.go(-delta);
        return;
      }
    }
    this.proceeding = false;
    this.index = index;
    this.depth = made && typeof state.smDepth === 'number' ? state.smDepth : 0;
    markEntry(state, this.marks(next));
    this.change(next, 'POP');
  }

  private marks(location: Location): EntryMarks {
    return { key: location.key, idx: this.index, smDepth: this.depth };
  }

  private blocked(next: Location, historyAction: NavigationType, proceed: () => void): boolean {
    const transition = { currentLocation: this.location, nextLocation: next, historyAction };
    for (const blocker of this.blockers) {
      if (blocker.shouldBlock(transition)) {
        blocker.onBlocked(proceed);
        return true;
      }
    }
    return false;
  }

  private change(location: Location, type: NavigationType) {
    this.location = location;
    this.type = type;
    for (const listener of this.listeners) listener();
  }
}

let appHistory: HashHistory | undefined;
/** Made on first use: the module is imported where there is no window (unit tests, the build). */
const theHistory = (): HashHistory => (appHistory ??= new HashHistory());

interface RouterState {
  location: Location;
  type: NavigationType;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('router: used outside <Router>');
  return state;
}

/**
 * Renders `children(location)` and again on every navigation. As react-router did, a navigation
 * renders as a transition: React draws the next page in slices and keeps the current one on
 * screen until it is ready.
 */
export function Router({ children }: { children: (location: Location) => ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: theHistory().location,
    type: theHistory().type,
  }));
  useLayoutEffect(() => {
    const history = theHistory();
    const update = () =>
      startTransition(() =>
        setState((current) =>
          current.location === history.location
            ? current
            : { location: history.location, type: history.type },
        ),
      );
    // A navigation between the first render and this effect (a redirect's) is not missed.
    update();
    return history.subscribe(update);
  }, []);
  return <RouterContext.Provider value={state}>{children(state.location)}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouterState().location;

/**
 * Whether Back stays in the app: false on the first page of a session (a deep link, a new tab,
 * an address typed), where the header's back button goes to the root instead (spec §2). The
 * entry's depth lives in `history.state`, so a reload still knows it.
 */
export const canGoBack = (): boolean => theHistory().depth > 0;

export const useNavigationType = (): NavigationType => useRouterState().type;

/**
 * Goes to `to` (a path with its query, `?…` for the current path) or `n` entries back or
 * forward. Settles at once; the next render shows the new location.
 */
export type Navigate = (to: string | number, options?: NavigateOptions) => Promise<void>;

const navigateTo: Navigate = (to, options) => {
  theHistory().navigate(to, options);
  return Promise.resolve();
};

/** The same function for every render and component: safe in effects' dependencies. */
export const useNavigate = (): Navigate => navigateTo;

type SearchInit = URLSearchParams | Record<string, string>;
type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

const setSearchParams: SetSearchParams = (next, options) => {
  const current = new URLSearchParams(theHistory().location.search);
  const init = typeof next === 'function' ? next(current) : next;
  theHistory().navigate(`?${new URLSearchParams(init).toString()}`, options);
};

/** The current query, and a way to change it (on the current path: a navigation). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, setSearchParams];
}

/** Redirects once rendered: the guard's way to sign-in, an unknown path's way home. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => theHistory().navigate(to, { replace }), [to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/**
 * A real link (its address opens in a new tab, a long press copies it) that navigates within the
 * app on a plain click. A link to where the app already is replaces the entry rather than adding
 * the same page again.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    const history = theHistory();
    history.navigate(to, { replace: replace ?? pathOf(history.location) === to });
  };
  return <a {...rest} target={target} href={hrefOf(to)} onClick={follow} />;
}

export interface Blocker {
  state: 'unblocked' | 'blocked';
  /** Leaves after all, where the blocked navigation was going. */
  proceed?: () => void;
  /** Stays. */
  reset?: () => void;
}

/**
 * Holds back a navigation that `shouldBlock` refuses (a link, navigate, the phone's Back) while
 * the component is mounted: the blocker's state is then `blocked`, until `proceed` carries the
 * navigation out or `reset` stays.
 */
export function useBlocker(shouldBlock: (transition: Transition) => boolean): Blocker {
  const [blocker, setBlocker] = useState<Blocker>({ state: 'unblocked' });
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(
    () =>
      theHistory().addBlocker({
        shouldBlock: (transition) => latest.current(transition),
        onBlocked: (proceed) =>
          setBlocker({
            state: 'blocked',
            proceed: () => {
              setBlocker({ state: 'unblocked' });
              proceed();
            },
            reset: () => setBlocker({ state: 'unblocked' }),
          }),
      }),
    [],
  );
  return blocker;
}
