import CheckCircleOutline from 'antd-mobile-icons/es/CheckCircleOutline';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { ACTION_TABS, TODO_TABS, useOrderTodo } from '../../../lib/orderTodo';
import { ordersTabPath } from '../../../lib/paths';
import states from '../../../lib/ui/PageMessage.module.css';
import styles from './todo.module.css';

/**
 * What waits on the merchant, above the totals: paid orders to prepare, orders ready for pickup
 * to hand over, unpaid ones to watch; each count opens the Orders list on its tab. Live: the
 * orders' events refresh the counts (lib/orderTodo).
 */
export function OrderTodo() {
  const { t } = useTranslation();
  const headingId = useId();
  const todo = useOrderTodo();
  const data = todo.data;

  return (
    <section className={styles.todo} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('home.todo.title')}
      </h2>
      {data?.total === 0 ? (
        <p className={styles.none}>
          <CheckCircleOutline aria-hidden="true" />
          <span>{t('home.todo.none')}</span>
        </p>
      ) : (
        <ul className={styles.items}>
          {TODO_TABS.map((tab) => {
            const count = data?.items.find((item) => item.tab === tab)?.count;
            const label = <span className={styles.label}>{t(`home.todo.${tab}`)}</span>;
            if (count === undefined) {
              // Loading, or the counts could not be read (the dashboard below offers a retry).
              return (
                <li key={tab} className={styles.item}>
                  {todo.isError ? (
                    <span className={styles.count}>–</span>
                  ) : (
                    <span className={`${states.skeleton} ${styles.countSkeleton}`} />
                  )}
                  {label}
                </li>
              );
            }
            const tone =
              count === 0 ? styles.zero : ACTION_TABS.includes(tab) ? styles.action : styles.watch;
            return (
              <li key={tab}>
                <Link className={`${styles.item} ${styles.link} ${tone}`} to={ordersTabPath(tab)}>
                  <span className={styles.count}>{count}</span> {label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
