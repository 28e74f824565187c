import { ORDER_PERIODS, type OrderPeriod } from '@sm/contract';
import CalendarOutline from 'antd-mobile-icons/es/CalendarOutline';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { formatRange, isValidRange, type OrderListFilter } from '../filter';
import styles from './orders.module.css';

const RangePicker = lazy(() => import('../../../lib/ui/RangePicker'));

/** How far back the calendar goes: far enough for a yearly review, short enough to scroll. */
const YEARS_BACK = 3;
const calendarStart = (today = new Date()) =>
  new Date(today.getFullYear() - YEARS_BACK, today.getMonth(), 1);

/** Date chips: All time, Today, 7 days, 30 days, or a custom range chosen on a calendar. */
export function DateFilter({
  filter,
  onChange,
}: {
  filter: OrderListFilter;
  onChange: (patch: Partial<OrderListFilter>) => void;
}) {
  const { t, locale } = useTranslation();
  const [picking, setPicking] = useState(false);

  const choose = (period: OrderPeriod) => {
    if (period === 'custom') setPicking(true);
    else onChange({ period, from: undefined, to: undefined });
  };

  return (
    <div className={styles.dates}>
      <div className={styles.chips} role="group" aria-label={t('orders.period')}>
        {ORDER_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={styles.chip}
            aria-pressed={filter.period === period}
            aria-haspopup={period === 'custom' ? 'dialog' : undefined}
            onClick={() => choose(period)}
          >
            {period === 'custom' ? <CalendarOutline aria-hidden="true" /> : null}
            {t(`orders.periods.${period}`)}
          </button>
        ))}
      </div>
      {filter.period === 'custom' && filter.from && filter.to ? (
        <p className={styles.range}>
          {t('orders.rangeShown', { range: formatRange(filter.from, filter.to, locale) })}
        </p>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <RangePicker
            title={t('orders.customRange')}
            min={calendarStart()}
            from={filter.from}
            to={filter.to}
            onClose={() => setPicking(false)}
            onConfirm={(from, to) => {
              if (isValidRange(from, to)) onChange({ period: 'custom', from, to });
              else toast(t('errors.INVALID_DATE_RANGE'));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
