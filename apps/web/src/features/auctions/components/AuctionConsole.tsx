import { type AuctionSummary, formatKg, formatRM, type LotStatus, SPECIES } from '@sm/contract';
import { Tabs } from '../../../lib/ui/Tabs';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { serverOffset } from '../../../lib/datetime';
import { errorText, showError } from '../../../lib/errors';
import { lotDetailPath, PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import {
  auctionListParams,
  auctionListQueryOptions,
  dashboardQueryOptions,
  useDeleteAuction,
} from '../api';
import { Countdown } from '../../../lib/ui/Countdown';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { SearchField } from '../../../lib/ui/SearchField';
import states from '../../../lib/ui/PageMessage.module.css';
import { StatusTag } from './StatusTag';
import { useConfirm } from '../../../lib/ui/useConfirm';
import { sameWords } from '../../../lib/text';
// Last: its rules restyle the components above (the search bar's height and background) with
// the same specificity as theirs, so they must come after theirs in the stylesheet, which holds
// a chunk's CSS in the order its modules are imported.
import styles from './console.module.css';

/**
 * Home's figures (spec §2 "Dashboard", PRODUCT.md §4a): live auctions, total bid sales, total sales,
 * and the orders awaiting payment apart from sales. Each says in a line what it counts.
 */
export function DashboardCards() {
  const { t } = useTranslation();
  const dashboard = useQuery(dashboardQueryOptions());
  const data = dashboard.data;
  const figures = [
    { key: 'liveAuctions', value: data ? String(data.liveAuctions) : null },
    { key: 'totalBidSales', value: data ? formatRM(data.totalBidSales) : null },
    { key: 'totalSales', value: data ? formatRM(data.totalSales) : null },
    { key: 'awaitingPayment', value: data ? formatRM(data.awaitingPayment) : null },
  ] as const;
  return (
    <section aria-label={t('console.dashboard')}>
      <dl className={styles.dashboard}>
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>
              {t(`console.${figure.key}`)}
              <small>{t(`console.${figure.key}Help`)}</small>
            </dt>
            <dd>
              {figure.value ??
                (dashboard.isError ? (
                  '–'
                ) : (
                  <span className={`${states.skeleton} ${styles.figureSkeleton}`} />
                ))}
            </dd>
          </div>
        ))}
      </dl>
      {dashboard.isError ? (
        <p className={styles.inlineError} role="alert">
          {errorText(dashboard.error)}{' '}
          <Button size="mini" fill="outline" onClick={() => void dashboard.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}

function Thumb({ url }: { url: string | null }) {
  return url ? (
    <img className={styles.thumb} src={url} alt="" loading="lazy" />
  ) : (
    <span className={styles.thumb} aria-hidden="true">
      <PictureOutline />
    </span>
  );
}

function AuctionCard({ auction, offset }: { auction: AuctionSummary; offset: number }) {
  const { t, locale } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteAuction();
  const live = auction.status === 'live';
  const speciesText = auction.species.map((code) => SPECIES[code][locale]).join(' · ');

  const confirmDelete = async () => {
    const confirmed = await confirm({
      content: live
        ? t('console.deleteConfirm', { name: auction.name })
        : t('console.deleteEndedConfirm', { name: auction.name }),
      confirmText: t('console.delete'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(auction.id, {
      onSuccess: () => toast(t('success.deleted'), 'success'),
      onError: showError,
    });
  };

  return (
    <li className={styles.card}>
      <Link className={styles.cardLink} to={lotDetailPath(auction.firstLotId)}>
        <Thumb url={auction.thumbUrl} />
        <div className={styles.cardBody}>
          <h3>{auction.name}</h3>
          {/* A lot named after its species ('Ikan Kembung') does not say it twice. */}
          {speciesText && !sameWords(speciesText, auction.name) ? (
            <p className={styles.species}>{speciesText}</p>
          ) : null}
          <p>
            {t('console.lots', { count: auction.lotCount })} ·{' '}
            {t('console.kg', { kg: formatKg(auction.totalQuantity) })}
          </p>
          <p>
            {live
              ? t('console.bids', {
                  kg: formatKg(auction.bidQuantity),
                  amount: formatRM(auction.bidAmount),
                })
              : t('console.awarded', {
                  kg: formatKg(auction.awardedQuantity),
                  amount: formatRM(auction.awardedAmount),
                })}
          </p>
        </div>
      </Link>
      <div className={styles.cardFooter}>
        <StatusTag status={auction.status} />
        {live ? (
          <Countdown
            className={styles.countdown}
            until={auction.endsAt}
            offset={offset}
            running={(time) => t('auctions.timeLeft', { time })}
            over={t('auctions.ending')}
          />
        ) : null}
        {auction.canDelete ? (
          <Button
            className={styles.delete}
            size="mini"
            fill="none"
            color="danger"
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
            aria-label={t('console.deleteNamed', { name: auction.name })}
          >
            <DeleteOutline aria-hidden="true" /> {t('console.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className={styles.list} role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <li key={row} className={`${styles.card} ${styles.cardSkeleton}`}>
          <span className={`${states.skeleton} ${styles.thumb}`} />
          <span className={styles.cardBody}>
            <span className={`${states.skeleton} ${styles.lineSkeleton}`} />
            <span className={`${states.skeleton} ${styles.lineSkeleton}`} />
            <span className={`${states.skeleton} ${styles.lineSkeleton}`} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The auction list: search by name or species, Live / Ended, pages loaded as the merchant
 * scrolls. The tab and the search live in the URL, so coming back from a lot finds them again.
 */
export function AuctionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { status, q } = auctionListParams(params);

  const update = (next: { status?: LotStatus; q?: string }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const nextQ = (next.q ?? q).trim();
        if ((next.status ?? status) === 'ended') out.set('status', 'ended');
        else out.delete('status');
        if (nextQ) out.set('q', nextQ);
        else out.delete('q');
        return out;
      },
      { replace: true },
    );

  const list = useInfiniteQuery(auctionListQueryOptions(status, q));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The page fetched last is the one that arrived at dataUpdatedAt (the first one may be minutes
  // older once more pages load).
  const lastPage = list.data?.pages.at(-1);
  const offset = lastPage ? serverOffset(lastPage.serverNow, list.dataUpdatedAt) : 0;

  let body;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError && items.length === 0) {
    body = (
      <PageMessage
        title={t('console.loadFailed')}
        description={errorText(list.error) ?? undefined}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = q ? (
      <PageMessage icon={<SearchOutline />} title={t('console.noMatch', { q })} />
    ) : status === 'live' ? (
      <PageMessage
        icon={<PictureOutline />}
        title={t('console.emptyLive')}
        description={t('console.emptyLiveHint')}
        action={t('nav.auctionCreate')}
        onAction={() => void navigate(PATHS.auctionCreate)}
      />
    ) : (
      <PageMessage icon={<PictureOutline />} title={t('console.emptyEnded')} />
    );
  } else {
    body = (
      <>
        <ul className={styles.list}>
          {items.map((auction) => (
            <AuctionCard key={auction.id} auction={auction} offset={offset} />
          ))}
        </ul>
        <InfiniteScroll
          hasMore={list.hasNextPage}
          loadMore={async () => {
            const result = await list.fetchNextPage();
            // InfiniteScroll shows its Retry when loadMore rejects.
            if (result.isError) throw result.error;
          }}
        />
      </>
    );
  }

  return (
    <section className={styles.auctions} aria-labelledby="auctions-heading">
      <h2 id="auctions-heading" className={styles.heading}>
        {t('console.auctions')}
      </h2>
      <SearchField
        className={styles.search}
        placeholder={t('console.search')}
        value={q}
        onSearch={(value) => update({ q: value })}
      />
      <Tabs
        className={styles.tabs}
        activeKey={status}
        onChange={(key) => update({ status: key === 'ended' ? 'ended' : 'live' })}
        items={[
          { key: 'live', title: t('lotStatus.live') },
          { key: 'ended', title: t('lotStatus.ended') },
        ]}
      />
      {body}
    </section>
  );
}
