import { validationFailure } from '@sm/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from './errors.js';

/**
 * Validates with the contract's zod schema and reports the same code the app shows for the same
 * input ('Please fill in all fields', 'Invalid phone format', …).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const { code, field } = validationFailure(result.error);
    return { error: new AppError(code, field ? { field } : {}) };
  };
