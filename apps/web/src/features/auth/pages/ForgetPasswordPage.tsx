import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../lib/router';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api';
import { AuthFormFrame } from '../components/AuthFormFrame';
import { PhoneCodePasswordFields } from '../components/NewPasswordFields';
import { useContractForm } from '../components/useContractForm';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useContractForm({
    initial: { phone: '', code: '', password: '', confirmPassword: '' },
    schema: (schemas) => schemas.resetPasswordRequest,
    // The reset also signs this device out (see useResetPassword): on to login.
    mutation: useResetPassword(),
    onSuccess: () => {
      toast(t('success.passwordResetSuccessful'), 'success');
      void navigate(PATHS.login, { replace: true });
    },
    // Spec §8: 'Reset failed' with the reason.
    failureText: (reason) => t('messages.resetFailedReason', { reason }),
  });

  return (
    <AuthFormFrame
      form={form}
      heading={t('auth.resetHeading')}
      hint={t('auth.resetHint')}
      submitLabel={t('auth.resetPassword')}
      links={<Link to={PATHS.login}>{t('auth.backToLogin')}</Link>}
    >
      <PhoneCodePasswordFields
        idPrefix="reset"
        purpose="reset"
        passwordLabel={t('auth.newPassword')}
        form={form}
      />
    </AuthFormFrame>
  );
}
