import type { ValidationFailure } from '@sm/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/errors';
import { type FieldCodes, useFieldForm } from '../../../lib/form';
import { apiErrorCode, isRequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { loadValidation } from '../validation';

type Schemas = Awaited<ReturnType<typeof loadValidation>>;
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: Parameters<Schemas['validationFailure']>[0] };
/** The part of a contract zod schema the form uses. */
interface RequestSchema<T> {
  safeParse(data: unknown): ParseResult<T>;
}

export type FormValues = Record<string, string | boolean>;

/** What a text field needs from the form: its value, its setter and its error. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** Where a part of the form (the send-code button) reports a failure. */
export interface FormFeedback {
  showFailure: (failure: ValidationFailure) => void;
  /** `fallback` shows a failure that names no field of this form; a plain toast otherwise. */
  showRequestError: (error: unknown, fallback?: (reason: string) => void) => void;
}

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The submit steps every auth form shares, over the app's one form hook (lib/form): validate
 * with the contract's schema (loaded on the first focus, see validation.ts), show the coded
 * failure at its field or as a toast ('Please fill in all fields' concerns the whole form, so it
 * is always a toast), run the mutation, and map the API's coded error back to a field or a toast.
 */
export function useContractForm<V extends FormValues, T, R>({
  initial,
  schema,
  mutation,
  onSuccess,
  failureText,
}: {
  initial: V | (() => V);
  schema: (schemas: Schemas) => RequestSchema<T>;
  mutation: Pick<UseMutationResult<R, Error, T>, 'mutate' | 'isPending'>;
  onSuccess: (result: R) => void;
  /** How an API failure that names no field reads, e.g. 'Reset failed: …' (spec §8). */
  failureText?: (reason: string) => string;
}) {
  const { t } = useTranslation();
  const [start] = useState(initial);
  const fields = Object.keys(start) as (keyof V & string)[];
  const { values, setErrors, set, errorText } = useFieldForm(start, fields);

  const field = (name: TextKey<V>): FieldBinding => ({
    value: values[name] as string,
    onChange: (value) => set(name, value as V[typeof name]),
    error: errorText(name),
  });

  const showFailure = (failure: ValidationFailure) => {
    if (failure.field && failure.code !== 'REQUIRED_FIELDS') {
      setErrors({ [failure.field]: failure.code } as FieldCodes<keyof V & string>);
    } else {
      setErrors({});
      toast(t(`errors.${failure.code}`));
    }
  };

  const feedback: FormFeedback = {
    showFailure,
    showRequestError: (error, fallback) => {
      const code = apiErrorCode(error);
      const name = isRequestError(error) ? error.field : undefined;
      if (code && name && fields.includes(name as keyof V & string)) {
        showFailure({ code, field: name });
        return;
      }
      setErrors({});
      if (fallback && code) fallback(t(`errors.${code}`));
      else showError(error);
    },
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    let schemas: Schemas;
    try {
      schemas = await loadValidation();
    } catch (error) {
      showError(error);
      return;
    }
    const parsed = schema(schemas).safeParse(values);
    if (!parsed.success) {
      showFailure(schemas.validationFailure(parsed.error));
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess,
      onError: (error) =>
        feedback.showRequestError(error, failureText && ((reason) => toast(failureText(reason)))),
    });
  };

  return {
    values,
    errorText,
    set,
    field,
    feedback,
    submit,
    pending: mutation.isPending,
    formProps: { onSubmit: submit, onFocus: () => void loadValidation(), noValidate: true },
  };
}
