/**
 * Local storage as the spec keeps it (§3): every value is a wrapper `{"type": typeof value,
 * "data": value}`. Reads never throw: a missing key, unreadable JSON, a foreign shape or a type
 * that does not match its data all read as null.
 */
/**
 * The spec's keys (§3), the Create Auction form's local draft ('Save draft', autosaved), what
 * the form remembers for the next lot (recent species, last harbour and boat) and where the live
 * events' stream was (app/liveEvents.ts).
 */
export type StorageKey =
  'locale' | 'merchantInfo' | 'auctionDraft' | 'lotFormMemory' | 'eventPosition';

interface Wrapper {
  type: string;
  data: unknown;
}

function isWrapper(value: unknown): value is Wrapper {
  return typeof value === 'object' && value !== null && 'type' in value && 'data' in value;
}

export interface WrappedStorage {
  /** The stored data, or null; `guard` narrows it to the type the caller expects. */
  get<T>(key: StorageKey, guard: (data: unknown) => data is T): T | null;
  /** The raw stored string, for cheap change detection. */
  raw(key: StorageKey): string | null;
  /** False when the value could not be kept (storage full or disabled). */
  set(key: StorageKey, value: unknown): boolean;
  remove(key: StorageKey): void;
}

export function createStorage(backend: Storage | null): WrappedStorage {
  const raw = (key: StorageKey): string | null => {
    try {
      return backend?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    raw,
    get(key, guard) {
      const text = raw(key);
      if (text === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return null;
      }
      if (!isWrapper(parsed)) return null;
      const { type, data } = parsed;
      if (data === null || typeof data !== type) return null;
      return guard(data) ? data : null;
    },
    set(key, value) {
      if (!backend) return false;
      try {
        backend.setItem(key, JSON.stringify({ type: typeof value, data: value }));
        return true;
      } catch {
        // Full or disabled storage (private browsing): the app still works for this visit.
        return false;
      }
    },
    remove(key) {
      try {
        backend?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = createStorage(browserStorage());

export const isString = (data: unknown): data is string => typeof data === 'string';
