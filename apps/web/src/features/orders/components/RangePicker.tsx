import CalendarPicker from 'antd-mobile/es/components/calendar-picker';
import { useTranslation } from 'react-i18next';
import { fromDay, toDay } from '../filter';

/** How far back the calendar goes: far enough for a yearly review, short enough to scroll. */
const YEARS_BACK = 3;

/**
 * The Custom period's calendar: a range of days up to today. Its own chunk, loaded when Custom is
 * first tapped: the calendar and its date library are not needed to show the list.
 */
export default function RangePicker({
  from,
  to,
  onConfirm,
  onClose,
}: {
  from?: string;
  to?: string;
  onConfirm: (from: string, to: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const today = new Date();
  const min = new Date(today.getFullYear() - YEARS_BACK, today.getMonth(), 1);
  return (
    <CalendarPicker
      visible
      selectionMode="range"
      title={t('orders.customRange')}
      defaultValue={from && to ? [fromDay(from), fromDay(to)] : null}
      min={min}
      max={today}
      weekStartsOn="Monday"
      onClose={onClose}
      onConfirm={(range) => {
        if (range) onConfirm(toDay(range[0]), toDay(range[1]));
        onClose();
      }}
    />
  );
}
