import { formatKg, formatRM, type LotAward } from '@sm/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../lib/ui/Notice';
import styles from './lot.module.css';
import { Figures, LotTable } from './LotFigures';

/** What the end of the lot settled: who won what, the fee, and what the merchant receives. */
export function AwardSummary({ award, feeRate }: { award: LotAward; feeRate: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="lot-award">
      <h2 id="lot-award">{t('lot.awardedSummary')}</h2>
      <Figures
        rows={[
          { label: t('lot.awardedKg'), value: `${formatKg(award.awardedQuantity)} kg` },
          { label: t('lot.awardedAmount'), value: formatRM(award.awardedAmount) },
          { label: t('lot.unsoldKg'), value: `${formatKg(award.unsoldQuantity)} kg` },
          { label: t('lot.serviceFee', { rate: feeRate }), value: formatRM(award.serviceFee) },
          {
            label: t('lot.projectedSettlement'),
            value: formatRM(award.projectedSettlement),
            total: true,
          },
        ]}
      />
      {award.buyout ? (
        <Notice tone="warning">
          {t('lot.boughtOut', {
            buyer: award.buyout.buyer,
            price: formatRM(award.buyout.price),
            amount: formatRM(award.buyout.amount),
          })}
        </Notice>
      ) : null}
      <h3>{t('lot.winners')}</h3>
      {award.winners.length === 0 ? (
        <p className={styles.muted}>{t('lot.noWinners')}</p>
      ) : (
        <LotTable columns={[t('lot.buyer'), t('lot.kg'), t('lot.pricePerKg'), t('lot.amount')]}>
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
        </LotTable>
      )}
    </section>
  );
}
