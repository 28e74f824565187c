import { isUuid } from '@sm/contract';
import { AppError } from './errors.js';

/** An opaque list position: the sort time and the id of the last row shown. */
export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(at.getTime())) {
    throw new AppError('BAD_REQUEST', { field: 'cursor' });
  }
  return { at, id };
}
