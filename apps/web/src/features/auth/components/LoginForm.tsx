import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../lib/router';
import { PATHS, REGISTER_PATH } from '../../../lib/paths';
import { clearSessionExpired, useSessionExpired } from '../../../lib/session';
import { Notice } from '../../../lib/ui/Notice';
import { TextField } from '../../../lib/ui/TextField';
import { useLogin } from '../api';
import { AuthFormFrame } from './AuthFormFrame';
import { PhoneField } from './PhoneField';
import { useContractForm } from './useContractForm';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessionExpired = useSessionExpired();
  const form = useContractForm({
    initial: { phone: '', password: '' },
    schema: (schemas) => schemas.loginRequest,
    mutation: useLogin(),
    onSuccess: () => void navigate(PATHS.home, { replace: true }),
  });

  return (
    <AuthFormFrame
      form={form}
      heading={t('auth.welcome')}
      hint={t('auth.welcomeHint')}
      submitLabel={t('auth.login')}
      notice={
        sessionExpired && (
          <Notice tone="warning" role="note">
            {t('messages.pleaseLoginAgain')}
          </Notice>
        )
      }
      links={
        <>
          <span>
            {t('auth.noAccount')}{' '}
            <Link to={REGISTER_PATH} onClick={clearSessionExpired}>
              {t('auth.register')}
            </Link>
          </span>
          <Link to={PATHS.forgetPassword} onClick={clearSessionExpired}>
            {t('auth.forgotPassword')}
          </Link>
        </>
      }
    >
      <PhoneField id="login-phone" field={form.field('phone')} />
      <TextField
        id="login-password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        onEnterPress={() => void form.submit()}
        {...form.field('password')}
      />
    </AuthFormFrame>
  );
}
