import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_PHOTO_BYTES,
  MAX_VIDEO_BYTES,
  PHOTO_TYPES,
  VIDEO_TYPES,
  type MediaItem,
  type MediaKind,
} from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { imageRefusal, MAX_INPUT_PIXELS } from '../../lib/images.js';
import { newStoredName, storedNameTest } from '../../lib/stored-name.js';
import { receiveUpload, type UploadedFile } from '../../lib/upload-file.js';
import * as repo from './media.repo.js';
import type { MediaRow } from './media.repo.js';
import { mediaItemOf } from './media.view.js';

const PHOTO_BOX = 1600;
const THUMB_BOX = 400;

type AcceptedType = { kind: MediaKind; mime: string; exts: readonly string[] };
const ACCEPTED = new Map<string, AcceptedType>([
  ...Object.entries(PHOTO_TYPES).map(
    ([mime, exts]) => [mime, { kind: 'photo' as const, mime, exts }] as const,
  ),
  ...Object.entries(VIDEO_TYPES).map(
    ([mime, exts]) => [mime, { kind: 'video' as const, mime, exts }] as const,
  ),
]);
/** What file-type calls a few variants of the accepted types. */
const MIME_ALIASES: Record<string, string> = {
  'image/apng': 'image/png',
  'video/x-m4v': 'video/mp4',
};

/** Stored photos are WebP; videos keep the first extension of what they are. */
export const isStoredName = storedNameTest([
  'webp',
  ...Object.values(VIDEO_TYPES).map((exts) => exts[0]),
]);

const reasonOf = (result: PromiseSettledResult<unknown>): unknown =>
  result.status === 'rejected' ? result.reason : undefined;

/**
 * Every id must be one of the merchant's own photos: another merchant's (or a missing one) reads
 * as NOT_FOUND, a video as MEDIA_NOT_PHOTO. `field` names the form field the error belongs to.
 */
export async function checkOwnPhotos(
  tx: Tx,
  merchantId: string,
  ids: readonly string[],
  field?: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await repo.findMediaByIds(tx, merchantId, ids);
  const at = field ? { field } : undefined;
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND', at);
  if (found.some((m) => m.kind !== 'photo')) throw new AppError('MEDIA_NOT_PHOTO', at);
}

export interface MediaDeps {
  db: Db;
  /** Where stored files live (served at MEDIA_URL_PREFIX). */
  mediaDir: string;
  log: FastifyBaseLogger;
}

type StoredValues = Pick<
  MediaRow,
  'kind' | 'fileName' | 'thumbName' | 'mime' | 'size' | 'width' | 'height'
>;

export function createMediaService({ db, mediaDir, log }: MediaDeps) {
  // sharp and file-type load on the first upload: together they add ~0.2 s to every start.

  /** What the content is, whatever the client called it. */
  async function sniff(tmp: string, fileName: string): Promise<AcceptedType> {
    const { fileTypeFromFile } = await import('file-type/node');
    const found = await fileTypeFromFile(tmp);
    const type = found && ACCEPTED.get(MIME_ALIASES[found.mime] ?? found.mime);
    if (!type) throw new AppError('UNSUPPORTED_FILE');
    const ext = path.extname(fileName).slice(1).toLowerCase();
    if (ext && !type.exts.includes(ext)) throw new AppError('FILE_TYPE_MISMATCH');
    return type;
  }

  /** Re-encodes to WebP: drops metadata (location, camera) and anything hidden in the file. */
  async function storePhoto(tmp: string, written: string[]): Promise<StoredValues> {
    const fileName = newStoredName('webp');
    const thumbName = newStoredName('webp');
    const target = path.join(mediaDir, fileName);
    const thumbTarget = path.join(mediaDir, thumbName);
    written.push(target, thumbTarget);
    const { default: sharp } = await import('sharp');
    const image = sharp(tmp, { limitInputPixels: MAX_INPUT_PIXELS });
    const fitInside = (box: number) =>
      image.clone().rotate().resize(box, box, { fit: 'inside', withoutEnlargement: true });
    // Both settle before any cleanup, so a failed one cannot leave the other writing afterwards.
    const [photo, thumb] = await Promise.allSettled([
      fitInside(PHOTO_BOX).webp({ quality: 80 }).toFile(target),
      fitInside(THUMB_BOX).webp({ quality: 75 }).toFile(thumbTarget),
    ]);
    if (photo.status === 'fulfilled' && thumb.status === 'fulfilled') {
      const { size, width, height } = photo.value;
      return { kind: 'photo', fileName, thumbName, mime: 'image/webp', size, width, height };
    }
    const err = reasonOf(photo) ?? reasonOf(thumb);
    log.info({ err }, 'photo refused: it does not decode');
    throw imageRefusal(err);
  }

  /** A video is kept as uploaded, under the extension of what it really is. */
  async function storeVideo(
    tmp: string,
    type: AcceptedType,
    size: number,
    written: string[],
  ): Promise<StoredValues> {
    const fileName = newStoredName(type.exts[0] ?? 'bin');
    const target = path.join(mediaDir, fileName);
    written.push(target);
    await rename(tmp, target);
    const { kind, mime } = type;
    return { kind, fileName, thumbName: null, mime, size, width: null, height: null };
  }

  return {
    /**
     * Checks, converts and stores one upload of the merchant, then records it. A refused upload
     * leaves nothing behind: no row, no file.
     */
    async upload(merchantId: string, file: UploadedFile): Promise<MediaItem> {
      return receiveUpload(
        file,
        { dir: mediaDir, max: MAX_VIDEO_BYTES, log },
        async (tmp, size) => {
          const written: string[] = [];
          try {
            const type = await sniff(tmp, file.fileName);
            if (size > (type.kind === 'photo' ? MAX_PHOTO_BYTES : MAX_VIDEO_BYTES)) {
              throw new AppError('FILE_TOO_LARGE');
            }
            const stored =
              type.kind === 'photo'
                ? await storePhoto(tmp, written)
                : await storeVideo(tmp, type, size, written);
            return mediaItemOf(await repo.insertMedia(db, { merchantId, ...stored }));
          } catch (err) {
            await Promise.all(written.map((f) => rm(f, { force: true })));
            throw err;
          }
        },
      );
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
