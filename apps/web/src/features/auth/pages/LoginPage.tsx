import { LanguageSwitch } from '../../../lib/ui/LanguageSwitch';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';

const LOGIN_PATH = '/pages/login/login';
const FORGOT_PATH = '/pages/forget-password/forget-password';

/** Sign-in, and registration as `?mode=register` of the same route (the spec has no register route). */
export default function LoginPage({ query }: { query: Record<string, string> }) {
  return (
    <>
      {query.mode === 'register' ? (
        <RegisterForm loginPath={LOGIN_PATH} />
      ) : (
        <LoginForm registerPath={`${LOGIN_PATH}?mode=register`} forgotPath={FORGOT_PATH} />
      )}
      <LanguageSwitch />
    </>
  );
}
