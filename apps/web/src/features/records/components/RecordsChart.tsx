import { formatRM, type Locale, type RecordPeriod, type RecordRow } from '@sm/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { periodLabel, tickLabel } from '../range';
import styles from './records.module.css';

export type Measure = 'gross' | 'net';

/** Chart units: each period is SLOT wide in the viewBox, the bars HEIGHT tall at the most. */
const SLOT = 10;
const HEIGHT = 100;
/** Narrowest a period may be on screen, px: more periods than fit scroll sideways. */
const MIN_SLOT_PX = 9;
const TICKS = 4;

/**
 * Gross or net sales per period as bars, drawn as plain SVG: a chart library would weigh more
 * than this whole page. Tapping a bar selects its period, which the caption above then tells.
 */
export function RecordsChart({
  period,
  rows,
  measure,
  selected,
  onSelect,
  locale,
}: {
  period: RecordPeriod;
  rows: RecordRow[];
  measure: Measure;
  selected: number | null;
  onSelect: (index: number) => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const max = Math.max(1, ...rows.map((r) => r[measure]));
  const width = rows.length * SLOT;

  // The newest periods are on the right: a chart wider than the screen opens scrolled to them.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [rows.length, period]);

  const ticks =
    rows.length <= TICKS
      ? rows.map((_, i) => i)
      : Array.from({ length: TICKS }, (_, k) => Math.round((k * (rows.length - 1)) / (TICKS - 1)));

  return (
    <div className={styles.chart}>
      <div className={styles.chartScale} aria-hidden="true">
        <span>{formatRM(max === 1 ? 0 : max)}</span>
        <span>RM 0</span>
      </div>
      <div className={styles.chartScroll} ref={scroller}>
        <div className={styles.chartBody} style={{ minWidth: rows.length * MIN_SLOT_PX }}>
          <svg
            className={styles.chartSvg}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('records.chartLabel', {
              measure: t(`records.measures.${measure}`),
              periods: rows.length,
            })}
          >
            <line x1={0} x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} className={styles.grid} />
            <line x1={0} x2={width} y1={0.5} y2={0.5} className={styles.grid} />
            {rows.map((row, i) => {
              const value = row[measure];
              const h = value > 0 ? Math.max(1.5, (value / max) * (HEIGHT - 2)) : 0;
              return (
                <g key={row.from} onClick={() => onSelect(i)}>
                  {/* The whole column takes the tap, not only the (maybe tiny) bar. */}
                  <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
                  <rect
                    x={i * SLOT + SLOT * 0.15}
                    y={HEIGHT - h}
                    width={SLOT * 0.7}
                    height={h}
                    className={i === selected ? `${styles.bar} ${styles.barSelected}` : styles.bar}
                  >
                    <title>{`${periodLabel(period, row, locale)}: ${formatRM(value)}`}</title>
                  </rect>
                </g>
              );
            })}
          </svg>
          <div className={styles.ticks} aria-hidden="true">
            {ticks.map((i) => {
              const row = rows[i];
              if (!row) return null;
              const center = ((i + 0.5) / rows.length) * 100;
              return (
                <span
                  key={row.from}
                  className={styles.tick}
                  style={{ left: `${center}%` }}
                  data-edge={i === 0 ? 'start' : i === rows.length - 1 ? 'end' : undefined}
                >
                  {tickLabel(period, row.from, locale)}
                </span>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
