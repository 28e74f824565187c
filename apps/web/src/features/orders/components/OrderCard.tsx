import { formatKg, formatRM, type OrderSummary, SPECIES } from '@sm/contract';
import { memo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { orderDetailPath } from '../../../lib/paths';
import states from '../../../lib/ui/PageMessage.module.css';
import styles from './orders.module.css';
import { OrderStatusTag } from '../../../lib/ui/OrderStatusTag';
import { sameWords } from '../../../lib/text';

/**
 * One order of the list; the whole card opens its detail. Memoized: the windowed list re-renders
 * as it measures its rows, which need not draw again.
 */
export const OrderCard = memo(function OrderCard({
  order,
  onOpen,
}: {
  order: OrderSummary;
  onOpen?: () => void;
}) {
  const { t, locale } = useTranslation();
  const species = SPECIES[order.item.species][locale];
  return (
    <Link className={styles.card} to={orderDetailPath(order.id)} onClick={onOpen}>
      <span className={styles.cardHead}>
        <span className={styles.number}>{order.number}</span>
        <OrderStatusTag status={order.status} />
      </span>
      <span className={styles.item}>
        <strong>{order.item.name}</strong>
        {sameWords(order.item.name, species) ? null : ` · ${species}`}
      </span>
      <span>{t('orders.buyer', { buyer: order.buyer.name ?? order.buyer.maskedPhone })}</span>
      <span className={styles.figures}>
        <span>{formatKg(order.item.quantity)} kg</span>
        <strong className={styles.amount}>{formatRM(order.subtotal)}</strong>
      </span>
      <span className={styles.meta}>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        {order.payoutStatus ? (
          <span className={styles.payout}>{t(`payoutStatus.${order.payoutStatus}`)}</span>
        ) : null}
      </span>
    </Link>
  );
});

/** Grey cards where the first page will be. */
export function OrderListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className={styles.skeletonList} role="status" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className={styles.skeletonCard}>
          <span className={`${states.skeleton} ${styles.line} ${styles.lineShort}`} />
          <span className={`${states.skeleton} ${styles.line}`} />
          <span className={`${states.skeleton} ${styles.line}`} />
          <span className={`${states.skeleton} ${styles.line} ${styles.lineShort}`} />
        </li>
      ))}
    </ul>
  );
}
