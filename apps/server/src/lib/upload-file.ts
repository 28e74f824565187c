import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors.js';

/** One uploaded file as the transport hands it over. */
export interface UploadedFile {
  /** The name the client gave; only its extension is checked, against the content. */
  fileName: string;
  /** The bytes. `truncated` is set by a parser that cut the file at its own size limit. */
  stream: Readable & { truncated?: boolean };
}

/** Uploads in progress, under the store's own directory so keeping one is a rename on one disk. */
const TMP_DIR = 'tmp';

/**
 * Streams an upload to a new file under `dir/tmp`, never holding it in memory, and hands it to
 * `keep`, which checks it and renames what it keeps. The file is removed afterwards whatever
 * happened, so a refused or broken upload leaves nothing.
 */
export async function receiveUpload<T>(
  file: UploadedFile,
  { dir, max, mode, log }: { dir: string; max: number; mode?: number; log: FastifyBaseLogger },
  keep: (tmp: string, size: number) => Promise<T>,
): Promise<T> {
  const tmpDir = path.join(dir, TMP_DIR);
  await mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const tmp = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
  // Created before any byte is read: were it opened by the write stream, a body that breaks off
  // at once could reject the pipeline before the open lands, and the file appear after its rm.
  const handle = await open(tmp, 'wx', mode);
  try {
    let size = 0;
    try {
      await pipeline(
        file.stream,
        async function* count(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            // Past the limit: keep reading so the request drains, but write nothing more.
            if (size <= max) yield chunk;
          }
        },
        handle.createWriteStream(),
      );
    } catch (err) {
      // A disk error is ours (500); anything else is the client's stream breaking off.
      if (err instanceof Error && 'syscall' in err) throw err;
      log.info({ err }, 'upload stream failed');
      throw new AppError('UPLOAD_FAILED');
    }
    if (file.stream.truncated || size > max) throw new AppError('FILE_TOO_LARGE');
    if (size === 0) throw new AppError('FILE_REQUIRED');
    return await keep(tmp, size);
  } finally {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true });
  }
}
