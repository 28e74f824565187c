import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { TextInput } from '../../../lib/ui/TextInput';
import { useRegister } from '../api';
import { loadValidation } from '../validation';
import styles from './auth.module.css';
import { Field } from './Field';
import { SendCodeButton } from './SendCodeButton';
import { useFieldErrors } from './useFieldErrors';

type RegisterField = 'phone' | 'code' | 'password' | 'confirmPassword' | 'agreePolicy';
const FIELDS: readonly RegisterField[] = [
  'phone',
  'code',
  'password',
  'confirmPassword',
  'agreePolicy',
];

interface Draft {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  agreePolicy: boolean;
}
const EMPTY: Draft = { phone: '', code: '', password: '', confirmPassword: '', agreePolicy: false };
/** Kept in memory while the merchant reads the terms or the privacy policy and comes back. */
let draft: Draft = EMPTY;

export function RegisterForm({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState<Draft>(() => draft);
  const { errors, showFailure, showRequestError, clearError } = useFieldErrors<RegisterField>();

  const update = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setValues((current) => (draft = { ...current, [field]: value }));
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
    const { registerRequest, validationFailure } = schemas;
    const parsed = registerRequest.safeParse(values);
    if (!parsed.success) {
      showFailure(validationFailure(parsed.error));
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: () => {
        draft = EMPTY;
        navigate('/', { replace: true });
      },
      onError: (error) => showRequestError(error, FIELDS),
    });
  };

  // Links inside the label open the documents without ticking the box.
  const docLink = (to: string) => <Link to={to} onClick={(event) => event.stopPropagation()} />;

  return (
    <form
      className={styles.screen}
      onSubmit={submit}
      onFocus={() => void loadValidation()}
      noValidate
    >
      <div className={styles.hero}>
        <h2>{t('auth.registerHeading')}</h2>
        <p>{t('auth.registerHint')}</p>
      </div>
      <div className={styles.card}>
        <Field id="register-phone" label={t('auth.phone')} error={errors.phone}>
          <TextInput
            id="register-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('auth.phonePlaceholder')}
            value={values.phone}
            onChange={(value) => update('phone', value)}
            clearable
          />
        </Field>
        <Field id="register-code" label={t('auth.code')} error={errors.code}>
          <TextInput
            id="register-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            value={values.code}
            onChange={(value) => update('code', value)}
          />
          <SendCodeButton
            phone={values.phone}
            purpose="register"
            onInvalid={showFailure}
            onError={(error) =>
              showRequestError(error, FIELDS, (reason) =>
                toast(t('messages.sendFailedReason', { reason })),
              )
            }
          />
        </Field>
        <Field id="register-password" label={t('auth.password')} error={errors.password}>
          <TextInput
            id="register-password"
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.newPasswordPlaceholder')}
            value={values.password}
            onChange={(value) => update('password', value)}
          />
        </Field>
        <Field
          id="register-confirm"
          label={t('auth.confirmPassword')}
          error={errors.confirmPassword}
        >
          <TextInput
            id="register-confirm"
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.confirmPasswordPlaceholder')}
            value={values.confirmPassword}
            onChange={(value) => update('confirmPassword', value)}
          />
        </Field>
        <div className={styles.agree}>
          <Checkbox
            checked={values.agreePolicy}
            onChange={(checked) => update('agreePolicy', checked)}
          >
            <Trans
              i18nKey="auth.agree"
              components={{
                terms: docLink('/pages/about/terms'),
                privacy: docLink('/pages/about/privacy'),
              }}
            />
          </Checkbox>
          {errors.agreePolicy ? (
            <p className={styles.error} role="alert">
              {errors.agreePolicy}
            </p>
          ) : null}
        </div>
        <Button
          className={styles.submit}
          type="submit"
          color="primary"
          size="large"
          block
          loading={register.isPending}
        >
          {t('auth.register')}
        </Button>
      </div>
      <div className={styles.links}>
        <span>
          {t('auth.haveAccount')} <Link to={loginPath}>{t('auth.login')}</Link>
        </span>
      </div>
    </form>
  );
}
