import { type ErrorCode, issueCode } from '@sm/contract';
import { useState } from 'react';
import { showError } from './errors';
import { apiErrorCode, isRequestError } from './request';

/** A form's errors, one code per field: codes, so that a change of language retranslates them. */
export type FieldCodes<F extends string> = Partial<Record<F, ErrorCode>>;

/** What a contract schema's failed `safeParse` says about the input. */
interface ParseError {
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[];
}

/** The code of each of `fields` that a contract schema refused: the first the schema finds. */
export function fieldCodes<F extends string>(
  error: ParseError,
  fields: readonly F[],
): FieldCodes<F> {
  const codes: FieldCodes<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field)) codes[field] ??= issueCode(issue);
  }
  return codes;
}

/**
 * A form's values as typed and its errors by field: changing a field clears its error, and
 * `showSaveError` shows the API's coded refusal of one of `fields` at that field, anything else
 * as a toast. Nothing typed is lost to a failed check or save.
 */
export function useFieldForm<V extends object, F extends keyof V & string>(
  initial: V | (() => V),
  fields: readonly F[],
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldCodes<F>>({});

  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const showSaveError = (error: unknown) => {
    const code = apiErrorCode(error);
    // A path such as `addressLines.1` is shown at its field.
    const field = isRequestError(error) ? error.field?.split('.')[0] : undefined;
    if (code && fields.includes(field as F)) setErrors({ [field as F]: code } as FieldCodes<F>);
    else showError(error);
  };

  /** Starts again from `next` (what a save answered), with no errors. */
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, setErrors, set, reset, showSaveError };
}
