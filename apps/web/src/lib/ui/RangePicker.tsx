import CalendarPicker from 'antd-mobile/es/components/calendar-picker';
import { useCallback } from 'react';
import { fromDay, toDay } from '../datetime';

/**
 * A calendar for a range of days from `min` up to today, weeks from Monday. Loaded lazily by its
 * users, on the first tap on Custom: the calendar is not needed to show their lists.
 */
export default function RangePicker({
  title,
  min,
  from,
  to,
  onConfirm,
  onClose,
}: {
  title: string;
  min: Date;
  from?: string | undefined;
  to?: string | undefined;
  onConfirm: (from: string, to: string) => void;
  onClose: () => void;
}) {
  const first = toDay(min);
  const last = toDay(new Date());
  // antd-mobile's months scroll in a box with nothing to focus, so a keyboard cannot scroll them
  // (axe: scrollable-region-focusable); the title mounts with that box and makes it focusable.
  const heading = useCallback((node: HTMLSpanElement | null) => {
    node
      ?.closest('.adm-calendar-picker-view')
      ?.querySelector('.adm-calendar-picker-view-body')
      ?.setAttribute('tabindex', '0');
  }, []);
  return (
    <CalendarPicker
      visible
      selectionMode="range"
      title={<span ref={heading}>{title}</span>}
      defaultValue={from && to ? [fromDay(from), fromDay(to)] : null}
      min={min}
      max={new Date()}
      weekStartsOn="Monday"
      // Days outside the range are greyed by antd-mobile; say they cannot be chosen, too.
      renderDate={(date) => {
        const day = toDay(date);
        return day < first || day > last ? (
          <span aria-disabled="true">{date.getDate()}</span>
        ) : (
          date.getDate()
        );
      }}
      onClose={onClose}
      onConfirm={(range) => {
        if (range) onConfirm(toDay(range[0]), toDay(range[1]));
        onClose();
      }}
    />
  );
}
