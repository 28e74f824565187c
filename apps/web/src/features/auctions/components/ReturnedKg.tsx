import { formatKg, formatRM, type LotAward } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { showError } from '../../../lib/errors';
import { buyerRecordText } from '../../../lib/market';
import { lotDetailPath } from '../../../lib/paths';
import { Dialog } from '../../../lib/ui/Dialog';
import { toast } from '../../../lib/toast';
import { useOfferReturned, useRelistReturned } from '../api';
import { offerOutcome, offerPlan } from '../offer';
import styles from './lot.module.css';

/** What an offer will do, before the merchant confirms it: who gets how many kg, at what price. */
function OfferDetails({ award }: { award: LotAward }) {
  const { t } = useTranslation();
  const { shares, more } = offerPlan(award.returnedQuantity, award.nextBidders);
  return (
    <div className={styles.dialogBody}>
      <ol className={styles.shares}>
        {shares.map((share, index) => (
          <li key={index}>
            {t('lot.offerShare', {
              buyer: share.buyer,
              kg: formatKg(share.quantity),
              price: formatRM(share.price),
            })}
            <small className={share.record.defaults > 0 ? styles.defaults : undefined}>
              {buyerRecordText(t, share.record)}
            </small>
          </li>
        ))}
      </ol>
      {more > 0 ? <p>{t('lot.offerMore', { count: more })}</p> : null}
      <p>{t('lot.offerExplain')}</p>
      {award.offerUntil ? (
        <p>
          <strong>{t('lot.offerBinding', { time: formatDateTime(award.offerUntil) })}</strong>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The two ways back to market for kg a default or a cancel returned (PRODUCT.md §4a): offer them to
 * the next bidders while their bids are binding, or relist them as a new lot. Each is confirmed in
 * a dialog this component renders, not one opened imperatively: it closes with the page, and the
 * answer's toast and navigation (callbacks of `mutate`) are dropped once the page is gone.
 */
export function ReturnedKg({ lotId, award }: { lotId: string; award: LotAward }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'offer' | 'relist' | null>(null);
  const offer = useOfferReturned(lotId);
  const relist = useRelistReturned(lotId);
  const kg = formatKg(award.returnedQuantity);
  const canOffer = award.offerUntil !== null && award.nextBidders.length > 0;
  const busy = offer.isPending || relist.isPending;
  const close = () => setAsking(null);

  const confirmOffer = () => {
    close();
    offer.mutate(undefined, {
      onSuccess: (answer) => {
        const { quantity, bidders } = offerOutcome(answer);
        if (bidders === 0) toast(t('lot.offerNone'));
        else toast(t('lot.offerDone', { kg: formatKg(quantity), count: bidders }), 'success');
      },
      onError: showError,
    });
  };

  const confirmRelist = () => {
    close();
    relist.mutate(undefined, {
      onSuccess: (answer) => {
        toast(t('success.relisted'), 'success');
        void navigate(lotDetailPath(answer.lotId), { replace: true });
      },
      onError: showError,
    });
  };

  return (
    <div className={styles.relist} role="group" aria-label={t('lot.returnedActions')}>
      {canOffer ? (
        <Button
          block
          color="primary"
          size="large"
          disabled={busy}
          loading={offer.isPending}
          onClick={() => setAsking('offer')}
        >
          {t('lot.offerReturned', { kg })}
        </Button>
      ) : null}
      <Button
        block
        color="primary"
        fill="outline"
        size="large"
        disabled={busy}
        loading={relist.isPending}
        onClick={() => setAsking('relist')}
      >
        {t('lot.relistReturned', { kg })}
      </Button>

      <Dialog
        visible={asking === 'offer' && canOffer}
        title={t('lot.offerTitle', { kg })}
        content={<OfferDetails award={award} />}
        onClose={close}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: close },
            { key: 'offer', text: t('lot.offerConfirm'), bold: true, onClick: confirmOffer },
          ],
        ]}
      />
      <Dialog
        visible={asking === 'relist'}
        title={t('lot.relistTitle', { kg })}
        content={<p className={styles.dialogBody}>{t('lot.relistExplain')}</p>}
        onClose={close}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: close },
            { key: 'relist', text: t('lot.relistConfirm'), bold: true, onClick: confirmRelist },
          ],
        ]}
      />
    </div>
  );
}
