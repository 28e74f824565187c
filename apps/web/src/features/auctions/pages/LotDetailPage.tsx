import { formatKg, formatRM, type LotDetail, SPECIES } from '@sm/contract';
import { Tabs } from '../../../lib/ui/Tabs';
import { winningTotals } from '../winning';
import Button from 'antd-mobile/es/components/button';
import { Swiper } from '../../../lib/ui/Swiper';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../lib/router';
import { formatDateTime, serverOffset } from '../../../lib/datetime';
import { errorText } from '../../../lib/errors';
import { lotDetailPath, PATHS, relistPath } from '../../../lib/paths';
import { apiErrorCode } from '../../../lib/request';
import { lotQueryOptions } from '../api';
import { AwardSummary } from '../components/AwardSummary';
import { Figures } from '../components/LotFigures';
import { BidLadder } from '../components/BidLadder';
import { ReturnedKg } from '../components/ReturnedKg';
import styles from '../components/lot.module.css';
import { Countdown } from '../../../lib/ui/Countdown';
import { useImageViewer } from '../../../lib/ui/imageViewer';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import states from '../../../lib/ui/PageMessage.module.css';
import { StatusTag } from '../components/StatusTag';

/** Basis points as a percentage: 500 → 5%, 250 → 2.5%. */
const percent = (bps: number) => `${bps / 100}%`;

function LotSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status" aria-label={t('common.loading')}>
      <div className={`${states.skeleton} ${styles.mediaSkeleton}`} />
      {[0, 1, 2].map((row) => (
        <div key={row} className={`${states.skeleton} ${styles.cardSkeleton}`} />
      ))}
    </div>
  );
}

function Facts({ lot }: { lot: LotDetail }) {
  const { t, locale } = useTranslation();
  const rows: [string, string | null][] = [
    [t('auctionForm.species'), SPECIES[lot.species][locale]],
    [t('auctionForm.boat'), `${lot.boat.boatNumber} · ${lot.boat.ownerName}`],
    [t('auctionForm.harbor'), lot.harbor],
    [t('auctionForm.freshness'), t(`freshness.${lot.freshness}`)],
    [t('auctionForm.landedAt'), formatDateTime(lot.landedAt)],
    [t('lot.quantity'), `${formatKg(lot.quantity)} kg`],
    [t('lot.startPrice'), t('lot.perKg', { price: formatRM(lot.startPrice) })],
    [
      t('lot.buyoutPrice'),
      lot.buyoutPrice === null
        ? t('lot.noBuyout')
        : t('lot.perKg', { price: formatRM(lot.buyoutPrice) }),
    ],
    [t('lot.publishedAt'), formatDateTime(lot.publishedAt)],
    [t('auctionForm.description'), lot.description],
    [t('auctionForm.notesSize'), lot.notes.size],
    [t('auctionForm.notesIcing'), lot.notes.icing],
    [t('auctionForm.notesPackaging'), lot.notes.packaging],
  ];
  return (
    <section className={styles.card} aria-labelledby="lot-facts">
      <h2 id="lot-facts">{t('lot.facts')}</h2>
      <dl className={styles.facts}>
        {rows
          .filter((row): row is [string, string] => !!row[1])
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function Media({ lot }: { lot: LotDetail }) {
  const { t } = useTranslation();
  const view = useImageViewer();
  if (lot.photos.length === 0 && !lot.video) return null;
  return (
    <div className={styles.media}>
      {lot.photos.length > 0 ? (
        <Swiper className={styles.swiper} loop={lot.photos.length > 1}>
          {lot.photos.map((photo, index) => (
            <Swiper.Item key={photo.id}>
              <button
                type="button"
                className={styles.photo}
                onClick={() =>
                  view(
                    lot.photos.map((photo) => photo.url),
                    index,
                  )
                }
                aria-label={t('lot.openPhoto', { n: index + 1, total: lot.photos.length })}
              >
                {/* The first photo is the page's largest paint: fetched before other images. */}
                <img
                  src={photo.url}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                />
              </button>
            </Swiper.Item>
          ))}
        </Swiper>
      ) : (
        <div className={styles.noPhoto}>
          <PictureOutline aria-hidden="true" />
        </div>
      )}
      {lot.video ? (
        <video
          className={styles.video}
          src={lot.video.url}
          controls
          preload="metadata"
          aria-label={t('lot.video')}
        />
      ) : null}
    </div>
  );
}

function Lot({ lot, receivedAt }: { lot: LotDetail; receivedAt: number }) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const live = lot.status === 'live';
  const unsold = lot.award?.unsoldQuantity ?? 0;
  // What the bids win if the lot ended now (never more than the lot), not what they ask for.
  const winning = winningTotals(lot.bids);

  return (
    <div className={styles.screen}>
      {lot.siblings.length > 1 ? (
        <Tabs
          className={styles.siblings}
          activeKey={lot.id}
          onChange={(key) => void navigate(lotDetailPath(key), { replace: true })}
          items={lot.siblings.map((sibling, index) => ({
            key: sibling.id,
            title: (
              <span className={styles.siblingTitle}>
                <span className={styles.siblingName}>
                  {index + 1}. {sibling.name}
                </span>
                {sibling.status === 'ended' ? <small>{t('lotStatus.ended')}</small> : null}
              </span>
            ),
          }))}
        />
      ) : null}

      <section className={styles.card} aria-labelledby="lot-name">
        <div className={styles.titleRow}>
          <h2 id="lot-name">{lot.name}</h2>
          <StatusTag status={lot.status} />
        </div>
        <p className={styles.muted}>
          {SPECIES[lot.species][locale]} · {formatKg(lot.quantity)} kg ·{' '}
          {t(`freshness.${lot.freshness}`)}
        </p>
        {live ? (
          <div className={styles.timeLeft}>
            <Countdown
              until={lot.endsAt}
              offset={serverOffset(lot.serverNow, receivedAt)}
              running={(time) => t('auctions.timeLeft', { time })}
              over={t('auctions.ending')}
            />
            <span className={styles.muted}>
              {t('lot.endsAt', { time: formatDateTime(lot.endsAt) })}
            </span>
          </div>
        ) : (
          <p className={styles.muted}>
            {lot.endReason === 'buyout' ? t('lot.endedByBuyout') : t('lot.endedOnTime')}
            {lot.endedAt ? ` · ${formatDateTime(lot.endedAt)}` : ''}
          </p>
        )}
        {lot.relistedFrom ? (
          <Notice tone="info">
            <Link to={lotDetailPath(lot.relistedFrom)}>{t('lot.relistedFrom')}</Link>
          </Notice>
        ) : null}
        {lot.award ? null : (
          <>
            <Figures
              rows={[
                {
                  label: t('lot.winningKgFigure'),
                  value: t('lot.winningOf', {
                    kg: formatKg(winning.quantity),
                    total: formatKg(lot.quantity),
                  }),
                },
                { label: t('lot.winningAmount'), value: formatRM(winning.amount) },
                {
                  label: t('lot.projectedSettlement'),
                  value: formatRM(lot.projectedSettlement),
                  total: true,
                },
              ]}
            />
            <p className={styles.note}>{t('lot.feeNote', { rate: percent(lot.serviceFeeRate) })}</p>
          </>
        )}
      </section>

      {lot.status === 'ended' ? (
        lot.award ? (
          <>
            <AwardSummary award={lot.award} feeRate={percent(lot.serviceFeeRate)} />
            {lot.award.returnedQuantity > 0 ? (
              <ReturnedKg lotId={lot.id} award={lot.award} />
            ) : null}
          </>
        ) : (
          <section className={styles.card} role="status">
            <p className={styles.awarding}>{t('lot.awarding')}</p>
          </section>
        )
      ) : null}

      <BidLadder bids={lot.bids} live={live} />

      {unsold > 0 ? (
        <div className={styles.relist}>
          <Button block color="primary" size="large" onClick={() => navigate(relistPath(lot.id))}>
            {t('lot.relist', { kg: formatKg(unsold) })}
          </Button>
        </div>
      ) : null}

      {/* The catch's photos after what the merchant acts on: time left, figures, ladder, award. */}
      <Media lot={lot} />
      <Facts lot={lot} />
    </div>
  );
}

/** Lot detail (spec §2): photos and video, facts, time left, the live bid ladder, the award. */
export default function LotDetailPage({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = query.id ?? '';
  const lot = useQuery({ ...lotQueryOptions(id), enabled: id !== '' });

  const notFound = () => (
    <PageMessage
      icon={<PictureOutline />}
      title={t('lot.notFound')}
      action={t('common.backHome')}
      onAction={() => void navigate(PATHS.home, { replace: true })}
    />
  );
  if (!id) return notFound();
  // Keyed by lot: moving to a sibling or a relisted lot starts afresh, no dialog carried over.
  if (lot.data) return <Lot key={lot.data.id} lot={lot.data} receivedAt={lot.dataUpdatedAt} />;
  if (lot.isError) {
    if (apiErrorCode(lot.error) === 'NOT_FOUND') return notFound();
    return (
      <PageMessage
        title={errorText(lot.error) ?? t('messages.failed')}
        action={t('common.retry')}
        onAction={() => void lot.refetch()}
      />
    );
  }
  return <LotSkeleton />;
}
