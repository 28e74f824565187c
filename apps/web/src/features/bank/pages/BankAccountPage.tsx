import type { BankAccount } from '@sm/contract';
import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/datetime';
import { errorText } from '../../../lib/errors';
import { BankStatusTag } from '../../../lib/ui/BankStatusTag';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import page from '../../../lib/ui/page.module.css';
import { bankAccountQueryOptions } from '../api';
import { BankAccountForm } from '../components/BankAccountForm';
import styles from '../components/bank.module.css';

/** The saved account's verification status and what it means for withdrawals. */
function StatusCard({ account }: { account: BankAccount | null }) {
  const { t } = useTranslation();
  if (!account)
    return (
      <Notice tone="info" role="note">
        {t('bank.intro')}
      </Notice>
    );
  return (
    <section className={styles.status} aria-labelledby="bank-status">
      <div className={styles.statusHead}>
        <h2 id="bank-status">{t('bank.status')}</h2>
        <BankStatusTag status={account.status} />
      </div>
      {account.status === 'rejected' ? (
        <Notice tone="danger">
          {account.rejectReason
            ? t('bank.rejectedReason', { reason: account.rejectReason })
            : t('bank.rejectedNoReason')}
        </Notice>
      ) : (
        <p className={styles.statusText}>{t(`bank.statusHints.${account.status}`)}</p>
      )}
      <p className={styles.statusTime}>
        {account.reviewedAt
          ? t('bank.reviewedAt', { time: formatDateTime(account.reviewedAt) })
          : t('bank.updatedAt', { time: formatDateTime(account.updatedAt) })}
      </p>
    </section>
  );
}

/**
 * Bank account (spec §2, PRODUCT.md §6): where withdrawals are paid. One per merchant; any change
 * sends it back to Unverified until the operator verifies it again.
 */
export default function BankAccountPage() {
  const { t } = useTranslation();
  const account = useQuery(bankAccountQueryOptions());

  if (account.isPending)
    return <PageMessage className={page.state} loading title={t('common.loading')} />;
  if (account.isError)
    return (
      <div className={page.screen}>
        <PageMessage
          className={page.state}
          title={t('bank.loadFailed')}
          description={errorText(account.error) ?? undefined}
          action={t('common.retry')}
          onAction={() => void account.refetch()}
        />
      </div>
    );

  return (
    <PullToRefresh onRefresh={() => account.refetch()}>
      <div className={page.screen}>
        <StatusCard account={account.data} />
        {/* The form starts from the account loaded first; later refreshes change only the status. */}
        <BankAccountForm account={account.data} />
      </div>
    </PullToRefresh>
  );
}
