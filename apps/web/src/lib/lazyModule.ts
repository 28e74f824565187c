import { PAGE_LOAD_TIMEOUT_MS } from '@sm/contract';

/** A chunk that has not loaded within PAGE_LOAD_TIMEOUT_MS. */
export class LoadTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A chunk's load, started by the first call and shared by the calls after it; a failed or 60 s-late
 * load is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= withTimeout(load(), PAGE_LOAD_TIMEOUT_MS).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/**
 * A module loaded on demand (a form's checks, with the contract's schemas and zod), by loadOnce.
 * `loaded` answers it once it is here, so a check can then run in the event that asked for it,
 * as it would with a static import, and its result shows in the same render as the change.
 */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  return {
    load: loadOnce(() => importer().then((loaded) => (module = loaded))),
    loaded: () => module,
  };
}
