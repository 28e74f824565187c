import { formatKg, formatRM, type LotAward } from '@sm/contract';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from '../../../lib/router';
import { buyerRecordText } from '../../../lib/market';
import { lotDetailPath, orderDetailPath } from '../../../lib/paths';
import { Notice } from '../../../lib/ui/Notice';
import { OrderStatusTag } from '../../../lib/ui/OrderStatusTag';
import { StatusPill } from '../../../lib/ui/StatusPill';
import styles from './lot.module.css';
import { type Figure, Figures, LotTable } from './LotFigures';

/**
 * What the end of the lot settled: who won what, the fee, and what the merchant receives; kg a
 * default or a cancel gave back, and where relisted kg went.
 */
export function AwardSummary({ award, feeRate }: { award: LotAward; feeRate: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kg = (tenths: number) => `${formatKg(tenths)} kg`;
  const rows: Figure[] = [
    { label: t('lot.awardedKg'), value: kg(award.awardedQuantity) },
    { label: t('lot.awardedAmount'), value: formatRM(award.awardedAmount) },
    { label: t('lot.unsoldKg'), value: kg(award.unsoldQuantity) },
  ];
  if (award.returnedQuantity > 0)
    rows.push({ label: t('lot.returnedKg'), value: kg(award.returnedQuantity), warning: true });
  if (award.relistedQuantity > 0)
    rows.push({ label: t('lot.relistedKg'), value: kg(award.relistedQuantity) });
  rows.push(
    { label: t('lot.serviceFee', { rate: feeRate }), value: formatRM(award.serviceFee) },
    {
      label: t('lot.projectedSettlement'),
      value: formatRM(award.projectedSettlement),
      total: true,
    },
  );

  // The whole row opens the order; its link (the order number) is the way for keyboards and
  // screen readers, and a tap on the link itself is left to the link.
  const openOrder = (event: MouseEvent, orderId: string) => {
    if (event.target instanceof Element && event.target.closest('a')) return;
    void navigate(orderDetailPath(orderId));
  };

  return (
    <section className={styles.card} aria-labelledby="lot-award">
      <h2 id="lot-award">{t('lot.awardedSummary')}</h2>
      <Figures rows={rows} />
      {award.returnedQuantity > 0 ? (
        <Notice tone="warning">
          {t('lot.returnedNote', { kg: formatKg(award.returnedQuantity) })}
        </Notice>
      ) : null}
      {award.relistedLots.length > 0 ? (
        <ul className={styles.relistedLots}>
          {award.relistedLots.map((relisted) => (
            <li key={relisted.id}>
              <Link to={lotDetailPath(relisted.id)}>
                {t('lot.relistedLot', { kg: formatKg(relisted.quantity) })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
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
            <tr
              key={winner.orderId}
              className={
                winner.status === 'canceled' ? `${styles.opens} ${styles.canceled}` : styles.opens
              }
              onClick={(event) => openOrder(event, winner.orderId)}
            >
              <td>
                {winner.buyer}
                <small>
                  <Link to={orderDetailPath(winner.orderId)}>
                    {t('lot.order', { number: winner.orderNumber })}
                  </Link>
                </small>
                <span className={styles.tags}>
                  <OrderStatusTag status={winner.status} cancelReason={winner.cancelReason} />
                  {winner.offered ? (
                    <StatusPill color="primary">{t('lot.offered')}</StatusPill>
                  ) : null}
                </span>
                <small className={winner.record.defaults > 0 ? styles.defaults : undefined}>
                  {buyerRecordText(t, winner.record)}
                </small>
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
