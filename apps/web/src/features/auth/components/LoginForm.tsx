import Button from 'antd-mobile/es/components/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showError } from '../../../lib/errors';
import { TextInput } from '../../../lib/ui/TextInput';
import { useLogin } from '../api';
import { loadValidation } from '../validation';
import styles from './auth.module.css';
import { Field } from './Field';
import { useFieldErrors } from './useFieldErrors';

type LoginField = 'phone' | 'password';
const FIELDS: readonly LoginField[] = ['phone', 'password'];

export function LoginForm({
  registerPath,
  forgotPath,
}: {
  registerPath: string;
  forgotPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState({ phone: '', password: '' });
  const { errors, showFailure, showRequestError, clearError } = useFieldErrors<LoginField>();

  const change = (field: LoginField) => (value: string) => {
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
    const { loginRequest, validationFailure } = schemas;
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      showFailure(validationFailure(parsed.error));
      return;
    }
    login.mutate(parsed.data, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) => showRequestError(error, FIELDS),
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
        <h2>{t('auth.welcome')}</h2>
        <p>{t('auth.welcomeHint')}</p>
      </div>
      <div className={styles.card}>
        <Field id="login-phone" label={t('auth.phone')} error={errors.phone}>
          <TextInput
            id="login-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('auth.phonePlaceholder')}
            value={values.phone}
            onChange={change('phone')}
            clearable
          />
        </Field>
        <Field id="login-password" label={t('auth.password')} error={errors.password}>
          <TextInput
            id="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            value={values.password}
            onChange={change('password')}
            onEnterPress={() => void submit()}
          />
        </Field>
        <Button
          className={styles.submit}
          type="submit"
          color="primary"
          size="large"
          block
          loading={login.isPending}
        >
          {t('auth.login')}
        </Button>
      </div>
      <div className={styles.links}>
        <span>
          {t('auth.noAccount')} <Link to={registerPath}>{t('auth.register')}</Link>
        </span>
        <Link to={forgotPath}>{t('auth.forgotPassword')}</Link>
      </div>
    </form>
  );
}
