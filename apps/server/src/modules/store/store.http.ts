import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './store.documents.js';
import type { StoreService } from './store.service.js';

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
