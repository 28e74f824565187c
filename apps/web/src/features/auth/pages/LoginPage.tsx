import { LanguageSwitch } from '../../../lib/ui/LanguageSwitch';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';

/** Sign-in, and registration as `?mode=register` of the same route (the spec has no register route). */
export default function LoginPage({ query }: { query: Record<string, string> }) {
  return (
    <>
      {query.mode === 'register' ? <RegisterForm /> : <LoginForm />}
      <LanguageSwitch />
    </>
  );
}
