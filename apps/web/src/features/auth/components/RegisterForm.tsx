import Checkbox from 'antd-mobile/es/components/checkbox';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Trans } from '../../../lib/ui/Trans';
import { Link, useNavigate } from '../../../lib/router';
import { PATHS } from '../../../lib/paths';
import { FieldError } from '../../../lib/ui/Field';
import { useRegister } from '../api';
import styles from './auth.module.css';
import { AuthFormFrame } from './AuthFormFrame';
import { PhoneCodePasswordFields } from './NewPasswordFields';
import { useContractForm } from './useContractForm';

/**
 * What survives a visit to the terms or the privacy page and back, in memory only: never the
 * passwords, and nothing once the merchant leaves the form for anywhere else. It is taken when a
 * document link is followed and read once, when the form mounts again.
 */
interface Draft {
  phone: string;
  code: string;
  agreePolicy: boolean;
}
const EMPTY: Draft = { phone: '', code: '', agreePolicy: false };
let draft: Draft = EMPTY;
let readingPolicy = false;

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useContractForm({
    initial: () => ({ ...draft, password: '', confirmPassword: '' }),
    schema: (schemas) => schemas.registerRequest,
    mutation: useRegister(),
    onSuccess: () => void navigate(PATHS.home, { replace: true }),
  });

  useEffect(
    () => () => {
      if (!readingPolicy) draft = EMPTY;
      readingPolicy = false;
    },
    [],
  );

  // Links inside the label open the documents without ticking the box, and keep the draft.
  const docLink = (to: string) => (
    <Link
      to={to}
      onClick={(event) => {
        event.stopPropagation();
        const { phone, code, agreePolicy } = form.values;
        draft = { phone, code, agreePolicy };
        readingPolicy = true;
      }}
    />
  );

  return (
    <AuthFormFrame
      form={form}
      heading={t('auth.registerHeading')}
      hint={t('auth.registerHint')}
      submitLabel={t('auth.register')}
      links={
        <span>
          {t('auth.haveAccount')} <Link to={PATHS.login}>{t('auth.login')}</Link>
        </span>
      }
    >
      <PhoneCodePasswordFields
        idPrefix="register"
        purpose="register"
        passwordLabel={t('auth.password')}
        form={form}
      />
      <div className={styles.agree}>
        <Checkbox
          checked={form.values.agreePolicy}
          onChange={(checked) => form.set('agreePolicy', checked)}
        >
          <Trans
            i18nKey="auth.agree"
            components={{ terms: docLink(PATHS.terms), privacy: docLink(PATHS.privacy) }}
          />
        </Checkbox>
        <FieldError>{form.errorText('agreePolicy')}</FieldError>
      </div>
    </AuthFormFrame>
  );
}
