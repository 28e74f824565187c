import { formatKg, formatRM, type MerchantBidEntry } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { formatTime } from '../../../lib/datetime';
import { buyerRecordText } from '../../../lib/market';
import styles from './lot.module.css';
import { LotTable } from './LotFigures';
import { shownAmount } from '../winning';

/**
 * The standing bids, best first, as the server ranks them. The kg each would win if the lot ended
 * now (won, once it has) is highlighted: those are the bids that fill the lot. Each bidder's record
 * tells the merchant whom it is selling to.
 */
export function BidLadder({ bids, live }: { bids: MerchantBidEntry[]; live: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="lot-bids">
      <h2 id="lot-bids">
        {t('lot.bids')} <span className={styles.count}>{bids.length}</span>
      </h2>
      {bids.length === 0 ? (
        <p className={styles.muted}>{live ? t('lot.noBidsYet') : t('lot.noBids')}</p>
      ) : (
        <LotTable columns={[t('lot.buyer'), t('lot.pricePerKg'), t('lot.kg'), t('lot.amount')]}>
          {bids.map((bid) => (
            <tr key={bid.id} className={bid.winningQuantity > 0 ? styles.winning : undefined}>
              <td>
                {bid.buyer}
                <small>{formatTime(bid.at)}</small>
                <small className={bid.record.defaults > 0 ? styles.defaults : undefined}>
                  {buyerRecordText(t, bid.record)}
                </small>
              </td>
              <td>{formatRM(bid.price)}</td>
              <td>
                {formatKg(bid.quantity)}
                {bid.winningQuantity > 0 ? (
                  <small className={styles.winningKg}>
                    {t(live ? 'lot.winningKg' : 'lot.wonKg', { kg: formatKg(bid.winningQuantity) })}
                  </small>
                ) : null}
              </td>
              <td>{formatRM(shownAmount(bid, live))}</td>
            </tr>
          ))}
        </LotTable>
      )}
    </section>
  );
}
