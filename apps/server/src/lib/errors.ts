import { ERROR_CODES, type ErrorCode } from '@sm/contract';

/** A failure the client may see: its code is stable, its message safe (house style 5). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly shortfall: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      field?: string;
      retryAfterSeconds?: number;
      shortfall?: number;
      message?: string;
    } = {},
  ) {
    super(options.message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.shortfall = options.shortfall;
  }
}
