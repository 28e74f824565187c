import type { BankAccountStatus } from '@sm/contract';
import { useTranslation } from '../i18n';
import { StatusPill } from './StatusPill';

const COLORS: Record<BankAccountStatus, string> = {
  unverified: 'warning',
  verified: 'success',
  rejected: 'danger',
};

/** A bank account's verification status (spec §4): on the wallet and on the bank account page. */
export function BankStatusTag({ status }: { status: BankAccountStatus }) {
  const { t } = useTranslation();
  return <StatusPill color={COLORS[status]}>{t(`bankStatus.${status}`)}</StatusPill>;
}
