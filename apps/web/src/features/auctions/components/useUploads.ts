import type { MediaItem } from '@sm/contract';
import { useEffect, useRef, useState } from 'react';
import { uploadMedia } from '../api';

export interface UploadRow {
  id: number;
  name: string;
  /** Share sent, 0 to 1; null while the file is still being prepared (a photo is resized first). */
  sent: number | null;
}

let lastId = 0;

/**
 * The uploads of one media field, for its progress rows. `onBusy` hears +1 when one starts and -1
 * when it ends, so the form can wait for them; `onError` hears each failure (the returned promise
 * still rejects); leaving the form cancels what is still on its way.
 */
export function useUploads({
  onBusy,
  onError,
}: {
  onBusy: (delta: number) => void;
  onError: (error: unknown) => void;
}) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  /** Sends `file`, after `prepare` (resizing, a size check) when given, with its progress row. */
  const upload = async (
    file: File,
    prepare?: (file: File) => Promise<File>,
  ): Promise<MediaItem> => {
    lastId += 1;
    const id = lastId;
    setRows((current) => [...current, { id, name: file.name, sent: null }]);
    onBusy(1);
    const progress = (sent: number) =>
      setRows((current) => current.map((row) => (row.id === id ? { ...row, sent } : row)));
    try {
      const ready = prepare ? await prepare(file) : file;
      return await uploadMedia(ready, progress, controller.current?.signal);
    } catch (failure) {
      onError(failure);
      throw failure;
    } finally {
      setRows((current) => current.filter((row) => row.id !== id));
      onBusy(-1);
    }
  };

  return { rows, upload };
}
