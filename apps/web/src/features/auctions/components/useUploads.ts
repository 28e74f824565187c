import type { MediaItem } from '@sm/contract';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/errors';
import { uploadMedia } from '../api';

export interface UploadRow {
  id: number;
  name: string;
  /** Share sent, 0 to 1; null while the file is still being prepared (a photo is resized first). */
  sent: number | null;
}

/** A file that was not added, and why: the field shows it until the next file is tried. */
export interface UploadFailure {
  name: string;
  error: unknown;
}

let lastId = 0;

/**
 * The uploads of one media field, for its progress rows and its last failure. `onBusy` hears +1
 * when one starts and -1 when it ends, so the form can wait for them; `onFailure` hears each
 * failure worth telling (the returned promise still rejects); leaving the form cancels what is
 * still on its way, silently.
 */
export function useUploads({
  onBusy,
  onFailure,
}: {
  onBusy: (delta: number) => void;
  onFailure: (failure: UploadFailure) => void;
}) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  /** Records a file refused before it was sent (a video over the size limit). */
  const fail = (name: string, error: unknown) => {
    // An abort (the form is gone) has nothing to tell.
    if (errorText(error) === null) return;
    const next = { name, error };
    setFailure(next);
    onFailure(next);
  };

  /** Sends `file`, after `prepare` (resizing, a size check) when given, with its progress row. */
  const upload = async (
    file: File,
    prepare?: (file: File) => Promise<File>,
  ): Promise<MediaItem> => {
    lastId += 1;
    const id = lastId;
    setFailure(null);
    setRows((current) => [...current, { id, name: file.name, sent: null }]);
    onBusy(1);
    const progress = (sent: number) =>
      setRows((current) => current.map((row) => (row.id === id ? { ...row, sent } : row)));
    try {
      const ready = prepare ? await prepare(file) : file;
      return await uploadMedia(ready, progress, controller.current?.signal);
    } catch (error) {
      fail(file.name, error);
      throw error;
    } finally {
      setRows((current) => current.filter((row) => row.id !== id));
      onBusy(-1);
    }
  };

  return { rows, upload, failure, fail };
}
