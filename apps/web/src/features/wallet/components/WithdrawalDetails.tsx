import { formatRM } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/datetime';
import { errorText } from '../../../lib/errors';
import { apiErrorCode } from '../../../lib/request';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { sheetStyles } from '../../../lib/ui/SheetForm';
import { withdrawalQueryOptions } from '../api';
import styles from './wallet.module.css';
import { WithdrawalStatusTag } from './WithdrawalStatusTag';

/**
 * One withdrawal, as its merchant sees it: the amount, its status, where it was paid and when it
 * was requested and reviewed, and the operator's reason for a rejection.
 */
export function WithdrawalDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = `${useId()}-heading`;
  const withdrawal = useQuery(withdrawalQueryOptions(id));
  const close = (
    <Button block size="large" onClick={onClose}>
      {t('wallet.close')}
    </Button>
  );

  let body;
  if (withdrawal.data) {
    const w = withdrawal.data;
    body = (
      <>
        <p className={styles.bigAmount}>{formatRM(w.amount)}</p>
        <dl className={styles.facts}>
          <dt>{t('wallet.status')}</dt>
          <dd>
            <WithdrawalStatusTag status={w.status} />
          </dd>
          <dt>{t('wallet.bank')}</dt>
          <dd>{w.bankName}</dd>
          <dt>{t('wallet.holder')}</dt>
          <dd>{w.holderName}</dd>
          <dt>{t('wallet.account')}</dt>
          <dd>{w.accountNumber}</dd>
          <dt>{t('wallet.requestedAt')}</dt>
          <dd>{formatDateTime(w.requestedAt)}</dd>
          {w.reviewedAt ? (
            <>
              <dt>{t('wallet.reviewedAt')}</dt>
              <dd>{formatDateTime(w.reviewedAt)}</dd>
            </>
          ) : null}
          {w.rejectReason ? (
            <>
              <dt>{t('wallet.rejectReason')}</dt>
              <dd>{w.rejectReason}</dd>
            </>
          ) : null}
        </dl>
        {w.status === 'rejected' ? <Notice tone="muted">{t('wallet.refunded')}</Notice> : null}
      </>
    );
  } else if (withdrawal.isError) {
    const code = apiErrorCode(withdrawal.error);
    body =
      code === 'NOT_FOUND' || code === 'INVALID_ID' ? (
        <PageMessage title={t('wallet.withdrawalNotFound')} />
      ) : (
        <PageMessage
          title={t('wallet.withdrawalFailed')}
          description={errorText(withdrawal.error) ?? undefined}
          action={t('common.retry')}
          onAction={() => void withdrawal.refetch()}
        />
      );
  } else {
    body = <PageMessage loading title={t('common.loading')} />;
  }

  return (
    <section
      className={`${sheetStyles.sheet} ${styles.sheet}`}
      role="dialog"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{t('wallet.withdrawalDetails')}</h2>
      {body}
      {close}
    </section>
  );
}
