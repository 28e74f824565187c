import type { ValidationFailure } from '@sm/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../lib/errors';
import { apiErrorCode, isRequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';

/**
 * Where a form shows a coded failure: at its field when it names one, as a toast otherwise
 * ('Please fill in all fields' concerns the whole form, so it is always a toast).
 */
export function useFieldErrors<F extends string>() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const showFailure = useCallback(
    (failure: ValidationFailure) => {
      const text = t(`errors.${failure.code}`);
      if (failure.field && failure.code !== 'REQUIRED_FIELDS') {
        setErrors({ [failure.field]: text } as Partial<Record<F, string>>);
      } else {
        setErrors({});
        toast(text);
      }
    },
    [t],
  );

  const showRequestError = useCallback(
    (error: unknown, fields: readonly F[], fallback?: (text: string) => void) => {
      const code = apiErrorCode(error);
      const field = isRequestError(error) ? error.field : undefined;
      if (code && field && fields.includes(field as F)) {
        showFailure({ code, field });
        return;
      }
      setErrors({});
      if (fallback && code) fallback(t(`errors.${code}`));
      else showError(error);
    },
    [showFailure, t],
  );

  const clearError = useCallback((field: F) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, showFailure, showRequestError, clearError };
}
