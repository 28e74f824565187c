import { isUuid } from '@sm/contract';
import { AppError } from './errors.js';

/** An opaque list position: the sort time and the id of the last row shown. */
export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** What encodeCursor writes: a time of the years 1 to 9999, which PostgreSQL holds too. */
const ISO_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (!id || !isUuid(id) || !ISO_TIME.test(iso ?? '') || Number.isNaN(at.getTime())) {
    throw new AppError('BAD_REQUEST', { field: 'cursor' });
  }
  return { at, id };
}
