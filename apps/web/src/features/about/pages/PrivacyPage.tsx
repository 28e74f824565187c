import { LegalDocument } from '../components/LegalDocument';

/** Public (see app/routes.tsx): the register form asks merchants to agree to this policy. */
export default function PrivacyPage() {
  return <LegalDocument document="privacy" />;
}
