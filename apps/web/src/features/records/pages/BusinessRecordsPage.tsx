import {
  formatKg,
  formatRM,
  RECORD_PERIODS,
  type RecordPeriod,
  type RecordRow,
  type RecordSums,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import CalendarOutline from 'antd-mobile-icons/es/CalendarOutline';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';
import { errorText } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { downloadRecords, recordsQueryOptions } from '../api';
import { type Measure, RecordsChart } from '../components/RecordsChart';
import styles from '../components/records.module.css';
import {
  defaultFilter,
  filterParams,
  isValidRange,
  periodLabel,
  PRESETS,
  rangeLabel,
  rangeOf,
  readFilter,
  type RecordsFilter,
} from '../range';

const RangePicker = lazy(() => import('../../../lib/ui/RangePicker'));

/** How far back the calendar goes: the longest range the API takes is five years of months. */
const YEARS_BACK = 5;
const calendarStart = (today = new Date()) => new Date(today.getFullYear() - YEARS_BACK, 0, 1);

/**
 * Business records (spec §2): sales per day, week or month over a range, as totals, a bar chart of
 * gross or net sales, and a list of the periods that sold, with a CSV export of the same range.
 * Period and range live in the URL.
 */
export default function BusinessRecordsPage({ query }: { query: Record<string, string> }) {
  const { t, locale } = useTranslation();
  const [, setParams] = useSearchParams();
  const filter = readFilter(query);
  const range = { period: filter.period, ...rangeOf(filter) };
  const records = useQuery(recordsQueryOptions(range));
  const [measure, setMeasure] = useState<Measure>('gross');
  const [selected, setSelected] = useState<{ key: string; index: number } | null>(null);
  const [picking, setPicking] = useState(false);
  const [exporting, setExporting] = useState(false);

  const show = (next: RecordsFilter) => {
    setSelected(null);
    setParams(filterParams(next), { replace: true });
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadRecords(range);
    } catch {
      toast(t('messages.exportFailed'), 'fail');
    } finally {
      setExporting(false);
    }
  };

  const data = records.data;
  // What the list and the selection belong to: a new range clears a bar chosen in the old one.
  const dataKey = data ? `${data.period}:${data.from}:${data.to}` : '';
  const selectedIndex = selected && selected.key === dataKey ? selected.index : null;
  const selectedRow = selectedIndex === null ? undefined : data?.rows[selectedIndex];

  let body;
  if (records.isPending) {
    body = <PageMessage loading title={t('common.loading')} />;
  } else if (records.isError && !data) {
    body = (
      <PageMessage
        icon={<FileOutline />}
        title={t('records.loadFailed')}
        description={errorText(records.error) ?? undefined}
        action={t('common.retry')}
        onAction={() => void records.refetch()}
      />
    );
  } else if (data) {
    body = (
      <>
        <Totals totals={data.totals} awaitingPayment={data.awaitingPayment} />
        {data.totals.orders === 0 ? (
          <PageMessage
            className={styles.card}
            icon={<FileOutline />}
            title={t('records.empty')}
            description={t('records.emptyHint')}
          />
        ) : (
          <>
            <section className={styles.card} aria-labelledby="records-chart">
              <div className={styles.cardHead}>
                <h2 id="records-chart">{t('records.chartTitle')}</h2>
                <Segments
                  label={t('records.measure')}
                  options={(['gross', 'net'] as const).map((m) => ({
                    key: m,
                    label: t(`records.measures.${m}`),
                  }))}
                  value={measure}
                  onChange={setMeasure}
                  small
                />
              </div>
              <p className={styles.caption} aria-live="polite">
                {selectedRow
                  ? t('records.selected', {
                      period: periodLabel(data.period, selectedRow, locale),
                      amount: formatRM(selectedRow[measure]),
                      count: selectedRow.orders,
                    })
                  : t('records.tapHint')}
              </p>
              <RecordsChart
                period={data.period}
                rows={data.rows}
                measure={measure}
                selected={selectedIndex}
                onSelect={(index) => setSelected({ key: dataKey, index })}
                locale={locale}
              />
            </section>
            <PeriodList period={data.period} rows={data.rows} />
          </>
        )}
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={() => records.refetch().then(() => undefined)}>
      <div className={styles.screen}>
        <Segments
          label={t('records.period')}
          options={RECORD_PERIODS.map((p) => ({ key: p, label: t(`records.periods.${p}`) }))}
          value={filter.period}
          onChange={(period: RecordPeriod) => show(defaultFilter(period))}
        />

        <section className={styles.rangeBar}>
          <div className={styles.chips} role="group" aria-label={t('records.range')}>
            {PRESETS[filter.period].map((n) => (
              <button
                key={n}
                type="button"
                className={styles.chip}
                aria-pressed={'preset' in filter && filter.preset === n}
                onClick={() => show({ period: filter.period, preset: n })}
              >
                {t(`records.last.${filter.period}`, { count: n })}
              </button>
            ))}
            <button
              type="button"
              className={styles.chip}
              aria-pressed={'from' in filter}
              aria-haspopup="dialog"
              onClick={() => setPicking(true)}
            >
              <CalendarOutline aria-hidden="true" /> {t('records.custom')}
            </button>
          </div>
          <div className={styles.rangeRow}>
            <p className={styles.rangeText}>
              {rangeLabel(data?.from ?? range.from, data?.to ?? range.to, locale)}
            </p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              loading={exporting}
              disabled={!data}
              onClick={() => void runExport()}
            >
              <DownlandOutline aria-hidden="true" /> {t('records.export')}
            </Button>
          </div>
        </section>

        {body}
      </div>

      {picking ? (
        <Suspense fallback={null}>
          <RangePicker
            title={t('records.customRange')}
            min={calendarStart()}
            from={range.from}
            to={range.to}
            onClose={() => setPicking(false)}
            onConfirm={(from, to) => {
              if (isValidRange(filter.period, from, to)) show({ period: filter.period, from, to });
              else toast(t('errors.RECORDS_RANGE_TOO_LONG'));
            }}
          />
        </Suspense>
      ) : null}
    </PullToRefresh>
  );
}

/** A row of mutually exclusive choices, as tabs (the period) or a small switch (the measure). */
function Segments<K extends string>({
  label,
  options,
  value,
  onChange,
  small = false,
}: {
  label: string;
  options: { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  small?: boolean;
}) {
  return (
    <div
      className={small ? `${styles.segments} ${styles.segmentsSmall}` : styles.segments}
      role="tablist"
      aria-label={label}
    >
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={styles.segment}
          onClick={() => option.key !== value && onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function Totals({ totals, awaitingPayment }: { totals: RecordSums; awaitingPayment: number }) {
  const { t } = useTranslation();
  const small = [
    { key: 'gross', value: formatRM(totals.gross) },
    { key: 'fees', value: formatRM(totals.fees) },
    { key: 'orders', value: String(totals.orders) },
    { key: 'quantity', value: `${formatKg(totals.quantity)} kg` },
  ] as const;
  return (
    <section className={styles.totals} aria-label={t('records.totals')}>
      <div className={`${styles.total} ${styles.totalMain}`}>
        <span>{t('records.sums.net')}</span>
        <strong>{formatRM(totals.net)}</strong>
        <small>{t('records.netHint')}</small>
      </div>
      {small.map((item) => (
        <div key={item.key} className={styles.total}>
          <span>{t(`records.sums.${item.key}`)}</span>
          <strong>{item.value}</strong>
        </div>
      ))}
      {awaitingPayment > 0 ? (
        <div className={`${styles.total} ${styles.totalWide}`}>
          <span>{t('records.awaitingPayment')}</span>
          <strong>{formatRM(awaitingPayment)}</strong>
          <small>{t('records.awaitingPaymentHint')}</small>
        </div>
      ) : null}
    </section>
  );
}

/** The periods that sold, newest first: what the chart shows, in figures. */
function PeriodList({ period, rows }: { period: RecordPeriod; rows: RecordRow[] }) {
  const { t, locale } = useTranslation();
  const sold = rows.filter((r) => r.orders > 0).reverse();
  return (
    <section className={styles.card} aria-labelledby="records-periods">
      <h2 id="records-periods">{t('records.byPeriod')}</h2>
      <ul className={styles.periods}>
        {sold.map((row) => (
          <li key={row.from} className={styles.periodRow}>
            <div className={styles.periodMain}>
              <strong>{periodLabel(period, row, locale)}</strong>
              <span className={styles.muted}>
                {t('records.ordersCount', { count: row.orders })} · {formatKg(row.quantity)} kg
              </span>
            </div>
            <div className={styles.periodMoney}>
              <strong>{formatRM(row.net)}</strong>
              <span className={styles.muted}>
                {t('records.grossFees', { gross: formatRM(row.gross), fees: formatRM(row.fees) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {sold.length < rows.length ? (
        <p className={styles.note}>{t('records.emptyLeftOut')}</p>
      ) : null}
    </section>
  );
}
