import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@sm/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors.js';

/** Fastify's own request errors, as our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
};

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  if (body.retryAfterSeconds) reply.header('retry-after', String(body.retryAfterSeconds));
  return reply.status(status).send(body);
}

/**
 * Every failure leaves as `{code, message}` (PRODUCT.md §8). Only AppErrors carry their own text;
 * anything unexpected is logged and answered with a bare 500, never a stack or SQL.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...(error.shortfall ? { shortfall: error.shortfall } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code: ErrorCode =
        FASTIFY_CODES[error.code] ??
        (status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      return send(reply, ERROR_CODES[code].status, { code, message: ERROR_CODES[code].message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message });
  });
}
