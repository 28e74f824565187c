import { useRef } from 'react';
import { showError } from './errors';
import type { LazyModule } from './lazyModule';

/**
 * A form's checks loaded on demand (`lazyModule`), for its Save: `preload` starts the load (the
 * form's focus), and `forSubmit` answers the checks, at once when they are here, else once loaded.
 * A failed load shows its error and answers null, as does a press while one waits, so a second
 * press does not save twice.
 */
export function useChecksForSubmit<M>(checks: LazyModule<M>) {
  const waiting = useRef(false);
  return {
    preload: () => void checks.load().catch(() => {}),
    forSubmit: async (): Promise<M | null> => {
      const ready = checks.loaded();
      if (ready) return ready;
      if (waiting.current) return null;
      waiting.current = true;
      try {
        return await checks.load();
      } catch (error) {
        showError(error);
        return null;
      } finally {
        waiting.current = false;
      }
    },
  };
}
