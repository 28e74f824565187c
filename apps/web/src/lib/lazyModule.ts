/**
 * A module loaded on demand, once (a form's checks, with the contract's schemas and zod): `load`
 * starts it or answers the load under way, and after a failure tries again. `loaded` answers it
 * once it is here, so a check can then run in the event that asked for it, as it would with a
 * static import, and its result shows in the same render as the change.
 */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let pending: Promise<M> | null = null;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
