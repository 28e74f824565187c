import { formatKg, formatRM, type LotAward } from '@sm/contract';
import { useTranslation } from 'react-i18next';
import styles from './lot.module.css';

/** What the end of the lot settled: who won what, the fee, and what the merchant receives. */
export function AwardSummary({ award, feeRate }: { award: LotAward; feeRate: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="lot-award">
      <h2 id="lot-award">{t('lot.awardedSummary')}</h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t('lot.awardedKg')}</dt>
          <dd>{formatKg(award.awardedQuantity)} kg</dd>
        </div>
        <div>
          <dt>{t('lot.awardedAmount')}</dt>
          <dd>{formatRM(award.awardedAmount)}</dd>
        </div>
        <div>
          <dt>{t('lot.unsoldKg')}</dt>
          <dd>{formatKg(award.unsoldQuantity)} kg</dd>
        </div>
        <div>
          <dt>{t('lot.serviceFee', { rate: feeRate })}</dt>
          <dd>{formatRM(award.serviceFee)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t('lot.projectedSettlement')}</dt>
          <dd>{formatRM(award.projectedSettlement)}</dd>
        </div>
      </dl>
      {award.buyout ? (
        <p className={styles.buyout}>
          {t('lot.boughtOut', {
            buyer: award.buyout.buyer,
            price: formatRM(award.buyout.price),
            amount: formatRM(award.buyout.amount),
          })}
        </p>
      ) : null}
      <h3>{t('lot.winners')}</h3>
      {award.winners.length === 0 ? (
        <p className={styles.muted}>{t('lot.noWinners')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('lot.buyer')}</th>
              <th scope="col">{t('lot.kg')}</th>
              <th scope="col">{t('lot.pricePerKg')}</th>
              <th scope="col">{t('lot.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {award.winners.map((winner) => (
              <tr key={winner.orderNumber}>
                <td>
                  {winner.buyer}
                  <small>{t('lot.order', { number: winner.orderNumber })}</small>
                </td>
                <td>{formatKg(winner.quantity)}</td>
                <td>{formatRM(winner.price)}</td>
                <td>{formatRM(winner.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
