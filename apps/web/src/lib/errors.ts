import { hasTranslation, translate } from './i18n';
import { isRequestError, RUNTIME_CODES } from './request';
import { toast } from './toast';

/** The translated text for a failed request, or null when there is nothing to tell (caller's abort). */
export function errorText(error: unknown): string | null {
  const t = translate;
  if (!isRequestError(error)) return t('messages.failed');
  switch (error.code) {
    case RUNTIME_CODES.ABORTED:
      return null;
    case RUNTIME_CODES.NETWORK:
      return error.message === 'timeout' ? t('messages.timeout') : t('messages.networkError');
    case RUNTIME_CODES.UPLOAD_NETWORK:
      return t('messages.uploadFailed');
    default:
      // A code this build does not know (a newer server) reads as the generic failure.
      return hasTranslation(`errors.${error.code}`)
        ? t(`errors.${error.code}`)
        : t('messages.failed');
  }
}

export function showError(error: unknown): void {
  const text = errorText(error);
  if (text) toast(text);
}
