import type { SmsPurpose } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../lib/ui/TextField';
import { CodeField } from './CodeField';
import { PhoneField } from './PhoneField';
import type { FieldBinding, FormFeedback } from './useContractForm';

/** A new password and its confirmation. */
export function NewPasswordFields({
  idPrefix,
  label,
  password,
  confirm,
}: {
  idPrefix: string;
  label: string;
  password: FieldBinding;
  confirm: FieldBinding;
}) {
  const { t } = useTranslation();
  const rows = [
    {
      id: `${idPrefix}-password`,
      label,
      placeholder: t('auth.newPasswordPlaceholder'),
      ...password,
    },
    {
      id: `${idPrefix}-confirm`,
      label: t('auth.confirmPassword'),
      placeholder: t('auth.confirmPasswordPlaceholder'),
      ...confirm,
    },
  ];
  return rows.map((row) => (
    <TextField key={row.id} type="password" autoComplete="new-password" {...row} />
  ));
}

type AccountField = 'phone' | 'code' | 'password' | 'confirmPassword';

/** Phone, SMS code and a new password: what registering and resetting a password both ask. */
export function PhoneCodePasswordFields({
  idPrefix,
  purpose,
  passwordLabel,
  form,
}: {
  idPrefix: string;
  purpose: SmsPurpose;
  passwordLabel: string;
  form: {
    values: { phone: string };
    field: (name: AccountField) => FieldBinding;
    feedback: FormFeedback;
  };
}) {
  return (
    <>
      <PhoneField id={`${idPrefix}-phone`} field={form.field('phone')} />
      <CodeField
        id={`${idPrefix}-code`}
        field={form.field('code')}
        phone={form.values.phone}
        purpose={purpose}
        feedback={form.feedback}
      />
      <NewPasswordFields
        idPrefix={idPrefix}
        label={passwordLabel}
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
      />
    </>
  );
}
