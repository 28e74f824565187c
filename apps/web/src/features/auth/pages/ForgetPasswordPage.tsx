import Button from 'antd-mobile/es/components/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { TextInput } from '../../../lib/ui/TextInput';
import { useResetPassword } from '../api';
import { loadValidation } from '../validation';
import styles from '../components/auth.module.css';
import { Field } from '../components/Field';
import { SendCodeButton } from '../components/SendCodeButton';
import { useFieldErrors } from '../components/useFieldErrors';

const LOGIN_PATH = '/pages/login/login';
type ResetField = 'phone' | 'code' | 'password' | 'confirmPassword';
const FIELDS: readonly ResetField[] = ['phone', 'code', 'password', 'confirmPassword'];

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ phone: '', code: '', password: '', confirmPassword: '' });
  const { errors, showFailure, showRequestError, clearError } = useFieldErrors<ResetField>();

  const change = (field: ResetField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    let schemas;
    try {
      schemas = await loadValidation();
    } catch (error) {
      showError(error);
      return;
    }
    const { resetPasswordRequest, validationFailure } = schemas;
    const parsed = resetPasswordRequest.safeParse(values);
    if (!parsed.success) {
      showFailure(validationFailure(parsed.error));
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: () => {
        toast(t('success.passwordResetSuccessful'), 'success');
        navigate(LOGIN_PATH, { replace: true });
      },
      // Spec §8: 'Reset failed' with the reason.
      onError: (error) =>
        showRequestError(error, FIELDS, (reason) =>
          toast(t('messages.resetFailedReason', { reason })),
        ),
    });
  };

  return (
    <form
      className={styles.screen}
      onSubmit={submit}
      onFocus={() => void loadValidation()}
      noValidate
    >
      <div className={styles.hero}>
        <h2>{t('auth.resetHeading')}</h2>
        <p>{t('auth.resetHint')}</p>
      </div>
      <div className={styles.card}>
        <Field id="reset-phone" label={t('auth.phone')} error={errors.phone}>
          <TextInput
            id="reset-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('auth.phonePlaceholder')}
            value={values.phone}
            onChange={change('phone')}
            clearable
          />
        </Field>
        <Field id="reset-code" label={t('auth.code')} error={errors.code}>
          <TextInput
            id="reset-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            value={values.code}
            onChange={change('code')}
          />
          <SendCodeButton
            phone={values.phone}
            purpose="reset"
            onInvalid={showFailure}
            onError={(error) =>
              showRequestError(error, FIELDS, (reason) =>
                toast(t('messages.sendFailedReason', { reason })),
              )
            }
          />
        </Field>
        <Field id="reset-password" label={t('auth.newPassword')} error={errors.password}>
          <TextInput
            id="reset-password"
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.newPasswordPlaceholder')}
            value={values.password}
            onChange={change('password')}
          />
        </Field>
        <Field id="reset-confirm" label={t('auth.confirmPassword')} error={errors.confirmPassword}>
          <TextInput
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.confirmPasswordPlaceholder')}
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
          />
        </Field>
        <Button
          className={styles.submit}
          type="submit"
          color="primary"
          size="large"
          block
          loading={reset.isPending}
        >
          {t('auth.resetPassword')}
        </Button>
      </div>
      <div className={styles.links}>
        <Link to={LOGIN_PATH}>{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
