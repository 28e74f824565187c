import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * The one file of the form, in field `file`; the multipart parser's failures as our codes. Also
 * for other modules' uploads (the store's SSM document), under their own multipart registration.
 */
export async function fileOf(req: FastifyRequest) {
  let part;
  try {
    part = await req.file();
  } catch (err) {
    // The plugin's own errors carry a status; a malformed body (no boundary…) comes bare.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('BAD_REQUEST');
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('FILE_REQUIRED');
  }
  return part;
}
