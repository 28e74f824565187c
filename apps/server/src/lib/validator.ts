import { validationFailure } from '@sm/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from './errors.js';

/** The dotted path of the first string in `value` that holds U+0000 ('' for `value` itself). */
function nulField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Validates with the contract's zod schema and reports the same code the app shows for the same
 * input ('Please fill in all fields', 'Invalid phone format', …).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) {
      // No text column of PostgreSQL can hold U+0000: it would fail there, as a 500.
      const field = nulField(result.data);
      if (field === null) return { value: result.data };
      return { error: new AppError('BAD_REQUEST', field ? { field } : {}) };
    }
    const { code, field } = validationFailure(result.error);
    return { error: new AppError(code, field ? { field } : {}) };
  };
