import { formatRM, type WalletEntry } from '@sm/contract';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { memo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { orderDetailPath } from '../../../lib/paths';
import states from '../../../lib/ui/PageMessage.module.css';
import { WindowedList } from '../../../lib/ui/WindowedList';
import { formatSigned } from '../statement';
import styles from './wallet.module.css';

/** A row's height before it is measured; Malay labels and large amounts may wrap past it. */
const ESTIMATED_ROW = 65;
const OVERSCAN = 8;

function EntryContent({ entry }: { entry: WalletEntry }) {
  const { t } = useTranslation();
  const opens = entry.orderId !== null || entry.withdrawalId !== null;
  return (
    <>
      <span className={styles.entryMain}>
        <span className={styles.entryType}>{t(`walletTypes.${entry.type}`)}</span>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </span>
      <span className={styles.entryFigures}>
        <strong className={entry.amount > 0 ? styles.credit : styles.debit}>
          {formatSigned(entry.amount)}
        </strong>
        <span className={styles.balanceAfter}>
          {t('wallet.balanceAfter', { amount: formatRM(entry.balanceAfter) })}
        </span>
      </span>
      {opens ? (
        <RightOutline className={styles.entryChevron} aria-hidden="true" />
      ) : (
        <span className={styles.entryChevronSpace} />
      )}
    </>
  );
}

/**
 * One ledger entry: it opens its order, or its withdrawal's details; a deposit opens nothing.
 * Memoized: the windowed list re-renders as it measures its rows, which need not draw again.
 */
const EntryRow = memo(function EntryRow({
  entry,
  onOpen,
  onOpenWithdrawal,
}: {
  entry: WalletEntry;
  onOpen: () => void;
  onOpenWithdrawal: (id: string) => void;
}) {
  const withdrawalId = entry.withdrawalId;
  if (entry.orderId)
    return (
      <Link className={styles.entry} to={orderDetailPath(entry.orderId)} onClick={onOpen}>
        <EntryContent entry={entry} />
      </Link>
    );
  if (withdrawalId)
    return (
      <button
        type="button"
        className={styles.entry}
        aria-haspopup="dialog"
        onClick={() => onOpenWithdrawal(withdrawalId)}
      >
        <EntryContent entry={entry} />
      </button>
    );
  return (
    <div className={styles.entry}>
      <EntryContent entry={entry} />
    </div>
  );
});

/**
 * The statement as one long list scrolled by the page, windowed as the orders list is: only the
 * rows on screen (and a few around them) are in the DOM, however many pages have loaded.
 */
export function StatementList({
  entries,
  hasMore,
  loadingMore,
  loadFailed,
  onLoadMore,
  onOpen,
  onOpenWithdrawal,
}: {
  entries: WalletEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  loadFailed: boolean;
  onLoadMore: () => void;
  /** An entry's order is about to open (the page keeps its scroll for Back). */
  onOpen: () => void;
  onOpenWithdrawal: (id: string) => void;
}) {
  return (
    <WindowedList
      items={entries}
      estimateSize={ESTIMATED_ROW}
      overscan={OVERSCAN}
      hasMore={hasMore}
      loadingMore={loadingMore}
      loadFailed={loadFailed}
      onLoadMore={onLoadMore}
      textsOf="wallet"
      classNames={{ list: styles.list, row: styles.row, end: styles.listEnd }}
      renderItem={(entry) => (
        <EntryRow entry={entry} onOpen={onOpen} onOpenWithdrawal={onOpenWithdrawal} />
      )}
    />
  );
}

/** Grey rows where the first page will be. */
export function StatementSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className={styles.skeletonRow}>
          <span className={`${states.skeleton} ${styles.line}`} />
          <span className={`${states.skeleton} ${styles.line} ${styles.lineShort}`} />
        </div>
      ))}
    </div>
  );
}
