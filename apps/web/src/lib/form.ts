import type { ErrorCode } from '@sm/contract';
import { useId, useState } from 'react';
import { useTranslation } from './i18n';
import { showError } from './errors';
import { apiErrorCode, isRequestError } from './request';

/** A form's errors, one code per field: codes, so that a change of language retranslates them. */
export type FieldCodes<F extends string> = Partial<Record<F, ErrorCode>>;

/** A form's values checked by its contract schema: the input for the API, or the codes by field. */
export type Check<I, F extends string> =
  { ok: true; input: I } | { ok: false; errors: FieldCodes<F> };

/**
 * The one form-state hook: a form's values as typed and its errors by field, as codes (a change
 * of language retranslates them). Changing a field clears its error; `check` marks what the
 * contract refuses; `showSaveError` shows the API's coded refusal of one of `fields` at that
 * field, anything else as a toast. Nothing typed is lost to a failed check or save.
 * `requiredText` words an empty field for its own row ('Please fill in all fields' under one
 * field reads oddly).
 */
export function useFieldForm<V extends object, F extends keyof V & string>(
  initial: V | (() => V),
  fields: readonly F[],
  { requiredText }: { requiredText?: (field: F) => string } = {},
) {
  const { t } = useTranslation();
  const id = useId();
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

  /** The values' input when `check` passes them; otherwise marks the refused fields. */
  const check = <I>(checker: (values: V) => Check<I, F>): I | null => {
    const checked = checker(values);
    if (checked.ok) return checked.input;
    setErrors(checked.errors);
    return null;
  };

  /** Starts again from `next` (what a save answered), with no errors. */
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };

  const errorText = (field: F) => {
    const code = errors[field];
    if (!code) return undefined;
    return code === 'REQUIRED_FIELDS' && requiredText ? requiredText(field) : t(`errors.${code}`);
  };

  return {
    values,
    errors,
    setErrors,
    set,
    reset,
    check,
    showSaveError,
    errorText,
    /** A field's element id, unique to this form. */
    fieldId: (field: F) => `${id}-${field}`,
  };
}
