import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_SSM_DOCUMENT_BYTES, SSM_DOCUMENT_TYPES } from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { newStoredName, storedNameTest } from '../../lib/stored-name.js';
import { receiveUpload, type UploadedFile } from '../../lib/upload-file.js';

type DocumentMime = keyof typeof SSM_DOCUMENT_TYPES;
const ACCEPTED = new Map<string, readonly string[]>(Object.entries(SSM_DOCUMENT_TYPES));

/** Stored under the first extension of what the content is. */
const isStoredName = storedNameTest(Object.values(SSM_DOCUMENT_TYPES).map((exts) => exts[0]));

export interface StoredDocument {
  fileName: string;
  mime: DocumentMime;
  size: number;
}

/**
 * The private files of SSM documents under DATA_DIR/documents. Unlike media they are never served
 * by URL: only GET /api/store/ssm/:id (their merchant) and the operator's API read them. Kept as
 * uploaded, since what the operator checks is the document itself; the type is the sniffed one.
 */
export function createDocumentStore({ dir, log }: { dir: string; log: FastifyBaseLogger }) {
  /** What the content is, whatever the client called it. */
  async function sniff(tmp: string, fileName: string): Promise<DocumentMime> {
    const { fileTypeFromFile } = await import('file-type/node');
    const found = await fileTypeFromFile(tmp);
    const exts = found && ACCEPTED.get(found.mime);
    if (!found || !exts) throw new AppError('UNSUPPORTED_FILE');
    const ext = path.extname(fileName).slice(1).toLowerCase();
    if (ext && !exts.includes(ext)) throw new AppError('FILE_TYPE_MISMATCH');
    // A scan is kept as uploaded for the operator to open: it must be a whole, sane image.
    if (found.mime.startsWith('image/')) await checkImage(tmp);
    return found.mime as DocumentMime;
  }

  return {
    /**
     * Checks and keeps one upload; a refused one leaves no file. The caller records it, and
     * calls `remove` if that fails.
     */
    async store(file: UploadedFile): Promise<StoredDocument> {
      const limits = { dir, max: MAX_SSM_DOCUMENT_BYTES, mode: 0o600, log };
      return receiveUpload(file, limits, async (tmp, size) => {
        const mime = await sniff(tmp, file.fileName);
        const fileName = newStoredName(SSM_DOCUMENT_TYPES[mime][0]);
        await rename(tmp, path.join(dir, fileName));
        return { fileName, mime, size };
      });
    },

    async remove(fileName: string) {
      if (isStoredName(fileName)) await rm(path.join(dir, fileName), { force: true });
    },

    /**
     * The stored bytes; only names this store made are ever opened. Opened before answering, so a
     * file gone from disk is a logged 404, not a broken download after the headers went out.
     */
    async open(fileName: string) {
      if (!isStoredName(fileName)) throw new AppError('NOT_FOUND');
      try {
        const handle = await open(path.join(dir, fileName), 'r');
        return handle.createReadStream();
      } catch (err) {
        log.error({ err, fileName }, 'stored document missing');
        throw new AppError('NOT_FOUND');
      }
    },
  };
}

/**
 * A Content-Disposition that downloads under the merchant's file name without letting it break
 * the header: an ASCII fallback, and the name itself percent-encoded (RFC 6266 / 5987).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name a document is downloaded under: the uploaded name's last part without control
 * characters, at most 120 characters, or `ssm-document.<ext>` when nothing is left.
 */
export function downloadName(uploaded: string, mime: DocumentMime): string {
  const base = uploaded.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const ext = SSM_DOCUMENT_TYPES[mime][0];
  if (!clean || clean.startsWith('.')) return `ssm-document.${ext}`;
  return clean.length <= 120 ? clean : `${clean.slice(0, 110)}….${ext}`;
}
