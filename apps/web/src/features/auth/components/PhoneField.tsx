import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../lib/ui/TextInput';
import { Field } from '../../../lib/ui/Field';
import type { FieldBinding } from './useContractForm';

export function PhoneField({ id, field }: { id: string; field: FieldBinding }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={t('auth.phone')} error={field.error}>
      <TextInput
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('auth.phonePlaceholder')}
        value={field.value}
        onChange={field.onChange}
        clearable
      />
    </Field>
  );
}
