import { SSM_DOCUMENT_TYPES } from '@sm/contract';
import type { FastifyReply } from 'fastify';
import { binaryBody, contentResponse } from '../../lib/route-doc.js';
import { attachmentDisposition } from './store.documents.js';
import type { StoreService } from './store.service.js';

/**
 * A stored SSM document as the OpenAPI document tells it: any type an upload may have. The store's
 * and the operator's routes both send them.
 */
export const ssmDocumentResponse = contentResponse(
  'The file as uploaded, of the type its content was found to be',
  Object.fromEntries(Object.keys(SSM_DOCUMENT_TYPES).map((type) => [type, binaryBody()])),
);

/** Sends a stored document as a download: private, never cached, never sniffed as a page. */
export function sendDocument(
  reply: FastifyReply,
  { document, stream }: Awaited<ReturnType<StoreService['openDocument']>>,
) {
  return reply
    .type(document.mime)
    .header('content-length', String(document.size))
    .header('content-disposition', attachmentDisposition(document.fileName))
    .header('cache-control', 'private, no-store')
    .send(stream);
}
