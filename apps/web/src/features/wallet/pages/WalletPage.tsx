import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { afterNextPaint } from '../../../lib/afterNextPaint';
import { errorText } from '../../../lib/errors';
import { keepFirstPage } from '../../../lib/infiniteLists';
import { BottomSheet, useSheet } from '../../../lib/ui/BottomSheet';
import { lazyComponent } from '../../../lib/ui/lazyComponent';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { useScrollRestore } from '../../../lib/ui/useScrollRestore';
import { WalletIcon } from '../../../lib/ui/WalletIcon';
import { statementQueryOptions, walletKeys, walletQueryOptions } from '../api';
import { BalanceCard, BalanceCardPlaceholder, BankAccountRow } from '../components/BalanceCard';
import { StatementList, StatementSkeleton } from '../components/StatementList';
import styles from '../components/wallet.module.css';
import { WithdrawalDetails } from '../components/WithdrawalDetails';
import { readFilter, STATEMENT_FILTERS, type StatementFilter } from '../statement';

/**
 * The withdrawal form and its fields: not part of the first screen, so loaded once the balance
 * has painted (or when Withdraw is pressed first).
 */
const WithdrawForm = lazyComponent(() => import('../components/WithdrawForm'), 'form');

/** The longest wait worth a timer: past it, focus and pull to refresh keep the wallet fresh. */
const MAX_TIMER_MS = 25 * 60 * 60_000;

/**
 * My wallet (spec §2, PRODUCT.md §6): the balance with the payouts to come and the withdrawal in
 * review, the bank account withdrawals go to, Withdraw, and the statement filtered by type. The
 * filter (`type`) and an open withdrawal (`withdrawal`) live in the URL, so both can be linked.
 */
export default function WalletPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const filter = readFilter(query.type);
  const openWithdrawal = query.withdrawal ?? '';

  const wallet = useQuery(walletQueryOptions());
  const hasWallet = wallet.data !== undefined;
  useEffect(() => (hasWallet ? afterNextPaint(WithdrawForm.preload) : undefined), [hasWallet]);
  const statement = useInfiniteQuery(statementQueryOptions(filter));
  const entries = useMemo(
    () => statement.data?.pages.flatMap((page) => page.items) ?? [],
    [statement.data],
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = statement;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  const withdrawing = useSheet();

  // A withdrawal's details: opened here, it is a history entry that Back closes; opened from a
  // link, closing it stays on the wallet.
  const pushed = useRef(false);
  // The last one opened stays in the sheet while it slides away after the address drops it.
  const [shownWithdrawal, setShownWithdrawal] = useState(openWithdrawal);
  if (openWithdrawal && openWithdrawal !== shownWithdrawal) setShownWithdrawal(openWithdrawal);
  const showWithdrawal = useCallback(
    (id: string) => {
      pushed.current = true;
      setParams((params) => {
        params.set('withdrawal', id);
        return params;
      });
    },
    [setParams],
  );
  const closeWithdrawal = () => {
    if (pushed.current) {
      pushed.current = false;
      void navigate(-1);
    } else {
      setParams(
        (params) => {
          params.delete('withdrawal');
          return params;
        },
        { replace: true },
      );
    }
  };

  const chooseFilter = (next: StatementFilter) => {
    setParams(next === 'all' ? {} : { type: next }, { replace: true });
  };

  // The 24 h rule lifts at nextWithdrawalAt: ask the server again then.
  const nextAt = wallet.data?.nextWithdrawalAt;
  const refetchWallet = wallet.refetch;
  useEffect(() => {
    if (!nextAt) return;
    const wait = Date.parse(nextAt) - Date.now() + 1_000;
    if (!(wait > 0 && wait < MAX_TIMER_MS)) return;
    const timer = setTimeout(() => void refetchWallet(), wait);
    return () => clearTimeout(timer);
  }, [nextAt, refetchWallet]);

  // Back from an order: the statement where it was, so it returns to the same row.
  const rememberScroll = useScrollRestore(`wallet?${filter}`, statement.data !== undefined);

  const refresh = async () => {
    keepFirstPage(queryClient, walletKeys.statement(filter));
    await Promise.all([
      queryClient.refetchQueries({ queryKey: walletKeys.summary }),
      queryClient.refetchQueries({ queryKey: walletKeys.statement(filter) }),
    ]);
  };

  let list;
  if (statement.isPending) {
    list = <StatementSkeleton />;
  } else if (statement.isError && entries.length === 0) {
    list = (
      <PageMessage
        title={t('wallet.statementFailed')}
        description={errorText(statement.error) ?? undefined}
        action={t('common.retry')}
        onAction={() => void statement.refetch()}
      />
    );
  } else if (entries.length === 0) {
    list =
      filter === 'all' ? (
        <PageMessage
          icon={<WalletIcon />}
          title={t('wallet.empty')}
          description={t('wallet.emptyHint')}
        />
      ) : (
        <PageMessage
          icon={<WalletIcon />}
          title={t('wallet.emptyFiltered', { type: t(`walletTypes.${filter}`) })}
        />
      );
  } else {
    list = (
      <StatementList
        entries={entries}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        loadFailed={isFetchNextPageError}
        onLoadMore={loadMore}
        onOpen={rememberScroll}
        onOpenWithdrawal={showWithdrawal}
      />
    );
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      <div className={styles.screen}>
        {wallet.data ? (
          <>
            <BalanceCard
              wallet={wallet.data}
              onWithdraw={() => withdrawing.show()}
              onOpenWithdrawal={showWithdrawal}
            />
            <BankAccountRow bank={wallet.data.bankAccount} />
          </>
        ) : wallet.isError ? (
          <BalanceCardPlaceholder
            error={errorText(wallet.error) ?? undefined}
            onRetry={() => void wallet.refetch()}
          />
        ) : (
          <BalanceCardPlaceholder />
        )}

        <section className={`${styles.card} ${styles.statement}`} aria-labelledby="statement">
          <h2 id="statement">{t('wallet.statement')}</h2>
          <div className={styles.chips} role="group" aria-label={t('wallet.filterLabel')}>
            {STATEMENT_FILTERS.map((type) => (
              <button
                key={type}
                type="button"
                className={styles.chip}
                aria-pressed={filter === type}
                onClick={() => chooseFilter(type)}
              >
                {type === 'all' ? t('wallet.all') : t(`walletTypes.${type}`)}
              </button>
            ))}
          </div>
          {list}
        </section>
      </div>

      <BottomSheet
        visible={withdrawing.open && wallet.data !== undefined}
        onClose={withdrawing.close}
      >
        {wallet.data ? (
          <WithdrawForm key={withdrawing.key} wallet={wallet.data} onDone={withdrawing.close} />
        ) : null}
      </BottomSheet>
      <BottomSheet visible={openWithdrawal !== ''} onClose={closeWithdrawal}>
        {shownWithdrawal ? (
          <WithdrawalDetails id={shownWithdrawal} onClose={closeWithdrawal} />
        ) : null}
      </BottomSheet>
    </PullToRefresh>
  );
}
