import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../lib/ui/TextField';
import type { FieldBinding } from './useContractForm';

export function PhoneField({ id, field }: { id: string; field: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('auth.phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('auth.phonePlaceholder')}
      clearable
      {...field}
    />
  );
}
