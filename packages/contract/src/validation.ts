import { z } from 'zod';
import { TEXT_MAX_LENGTH } from './constants.js';
import { type ErrorCode, isErrorCode } from './errors.js';

/**
 * Schemas carry error codes as their messages, so the app and the server report the same code for
 * the same bad input and the app translates it.
 */
export const requiredOrBad = (issue: { input: unknown }): ErrorCode =>
  issue.input === undefined || issue.input === null ? 'REQUIRED_FIELDS' : 'BAD_REQUEST';

/** A required string kept as typed (no trim), as passwords are. */
export const requiredString = (max: number, tooLong: ErrorCode = 'TEXT_TOO_LONG') =>
  z.string({ error: requiredOrBad }).min(1, 'REQUIRED_FIELDS').max(max, tooLong);

/** A required text field: trimmed, not empty, at most `max` characters (spec: 140 by default). */
export const requiredText = (max: number = TEXT_MAX_LENGTH, tooLong: ErrorCode = 'TEXT_TOO_LONG') =>
  z.string({ error: requiredOrBad }).trim().min(1, 'REQUIRED_FIELDS').max(max, tooLong);

export const requiredBoolean = () => z.boolean({ error: requiredOrBad });

/** An optional text field: trimmed; empty counts as not given. */
export const optionalText = (max: number = TEXT_MAX_LENGTH) =>
  z
    .string({ error: 'BAD_REQUEST' })
    .trim()
    .max(max, 'TEXT_TOO_LONG')
    .optional()
    .transform((v) => (v ? v : undefined));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** An id the client sends back: missing or empty is 'Please fill in all fields', anything else not an id is 'Invalid ID'. */
export const requiredId = () =>
  z.string({ error: requiredOrBad }).min(1, 'REQUIRED_FIELDS').regex(UUID, 'INVALID_ID');

/** `:id` of a route. */
export const idParams = z.object({ id: requiredId() });

export interface ValidationFailure {
  code: ErrorCode;
  /** Dotted path of the first offending field, when there is one. */
  field?: string;
}

/** The code a schema issue carries: its message, or what zod's own check stands for. */
export function issueCode(issue: { message: string; code: string }): ErrorCode {
  if (isErrorCode(issue.message)) return issue.message;
  return issue.code === 'too_big' ? 'TEXT_TOO_LONG' : 'BAD_REQUEST';
}

/**
 * The one failure to show for a rejected input. 'Please fill in all fields' comes first because the
 * spec lists the rules in that order; otherwise the first issue wins.
 */
export function validationFailure(error: z.ZodError): ValidationFailure {
  const issues = error.issues;
  const pick = issues.find((i) => i.message === 'REQUIRED_FIELDS') ?? issues[0];
  if (!pick) return { code: 'BAD_REQUEST' };
  const code = issueCode(pick);
  const field = pick.path.map(String).join('.');
  return field ? { code, field } : { code };
}
