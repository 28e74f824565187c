import { formatRM, type MerchantWalletResponse } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { PATHS } from '../../../lib/paths';
import { BankStatusTag } from '../../../lib/ui/BankStatusTag';
import { PageMessage } from '../../../lib/ui/PageMessage';
import states from '../../../lib/ui/PageMessage.module.css';
import styles from './wallet.module.css';

/**
 * The balance, the payouts still to come, the withdrawal in review (it opens its details) and
 * the Withdraw button, on the band that runs on from the wallet's bar.
 */
export function BalanceCard({
  wallet,
  onWithdraw,
  onOpenWithdrawal,
}: {
  wallet: MerchantWalletResponse;
  onWithdraw: () => void;
  onOpenWithdrawal: (id: string) => void;
}) {
  const { t } = useTranslation();
  const pending = wallet.pendingWithdrawal;
  return (
    <section className={styles.hero} aria-labelledby="wallet-balance">
      <p id="wallet-balance" className={styles.heroLabel}>
        {t('wallet.balance')}
      </p>
      <p className={styles.balance}>{formatRM(wallet.balance)}</p>
      <dl className={styles.heroFacts}>
        <div>
          <dt>{t('wallet.upcomingPayout')}</dt>
          <dd>{formatRM(wallet.upcomingPayout)}</dd>
        </div>
      </dl>
      {pending ? (
        <button
          type="button"
          className={styles.pending}
          aria-haspopup="dialog"
          onClick={() => onOpenWithdrawal(pending.id)}
        >
          <span className={styles.pendingText}>
            <strong>{t('withdrawalStatus.pending')}</strong>
            <span>{t('wallet.requestedOn', { time: formatDateTime(pending.requestedAt) })}</span>
          </span>
          <span className={styles.pendingAmount}>{formatRM(pending.amount)}</span>
          <RightOutline aria-hidden="true" />
        </button>
      ) : wallet.nextWithdrawalAt ? (
        <p className={styles.heroNote}>
          {t('wallet.nextWithdrawal', { time: formatDateTime(wallet.nextWithdrawalAt) })}
        </p>
      ) : null}
      <Button className={styles.withdraw} block size="large" shape="rounded" onClick={onWithdraw}>
        {t('wallet.withdraw')}
      </Button>
    </section>
  );
}

/** The band while the wallet loads, or its failure with Retry. */
export function BalanceCardPlaceholder({
  error,
  onRetry,
}: {
  error?: string | undefined;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (onRetry)
    return (
      <section className={styles.hero}>
        <PageMessage
          className={styles.heroError}
          title={t('wallet.loadFailed')}
          description={error}
          action={t('common.retry')}
          onAction={onRetry}
        />
      </section>
    );
  return (
    <section className={styles.hero} role="status" aria-label={t('common.loading')}>
      <span className={`${states.skeleton} ${styles.heroSkeleton}`} />
      <span className={`${states.skeleton} ${styles.heroSkeleton} ${styles.heroSkeletonBig}`} />
      <span className={`${states.skeleton} ${styles.heroSkeleton}`} />
    </section>
  );
}

/** Where withdrawals go: the bank account, masked, with its status; it opens the bank page. */
export function BankAccountRow({ bank }: { bank: MerchantWalletResponse['bankAccount'] }) {
  const { t } = useTranslation();
  return (
    <Link className={`${styles.card} ${styles.bankRow}`} to={PATHS.bankAccount}>
      <BankcardOutline className={styles.bankIcon} aria-hidden="true" />
      {bank ? (
        <span className={styles.bankText}>
          <span>{t('wallet.bankAccount')}</span>
          <strong>
            {bank.bankName} {bank.accountNumber}
          </strong>
          <span>{bank.holderName}</span>
        </span>
      ) : (
        <span className={styles.bankText}>
          <strong>{t('wallet.addBankAccount')}</strong>
          <span>{t('wallet.addBankAccountHint')}</span>
        </span>
      )}
      {bank ? <BankStatusTag status={bank.status} /> : null}
      <RightOutline className={styles.chevron} aria-hidden="true" />
    </Link>
  );
}
