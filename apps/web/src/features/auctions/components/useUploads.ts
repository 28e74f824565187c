import { useCallback, useEffect, useRef, useState } from 'react';

export interface UploadRow {
  id: number;
  name: string;
  /** Share sent, 0 to 1; null while the file is still being prepared (a photo is resized first). */
  sent: number | null;
}

let lastId = 0;

/**
 * The uploads of one field, for its progress rows. `onBusy` hears +1 when one starts and -1 when
 * it ends, so the form can wait for them; leaving the form cancels what is still on its way.
 */
export function useUploads(onBusy: (delta: number) => void) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const run = useCallback(
    async <T>(
      name: string,
      work: (progress: (sent: number) => void, signal: AbortSignal | undefined) => Promise<T>,
    ): Promise<T> => {
      lastId += 1;
      const id = lastId;
      setRows((current) => [...current, { id, name, sent: null }]);
      onBusy(1);
      const progress = (sent: number) =>
        setRows((current) => current.map((row) => (row.id === id ? { ...row, sent } : row)));
      try {
        return await work(progress, controller.current?.signal);
      } finally {
        setRows((current) => current.filter((row) => row.id !== id));
        onBusy(-1);
      }
    },
    [onBusy],
  );

  return { rows, run };
}
