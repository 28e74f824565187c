import { LegalDocument } from '../components/LegalDocument';

/** Public (see app/routes.tsx): the register form asks merchants to agree to these terms. */
export default function TermsPage() {
  return <LegalDocument document="terms" />;
}
