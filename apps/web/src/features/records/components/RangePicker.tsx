import CalendarPicker from 'antd-mobile/es/components/calendar-picker';
import { useTranslation } from 'react-i18next';

/** How far back the calendar goes: the longest range the API takes is five years of months. */
const YEARS_BACK = 5;

const pad = (n: number) => String(n).padStart(2, '0');
/** A device-local calendar day (what the picker gives) as YYYY-MM-DD. */
const toDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** YYYY-MM-DD back to a device-local Date at midnight, for the picker's value. */
function fromDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The custom range's calendar, weeks from Monday as the records count them. Its own chunk, loaded
 * on the first tap on Custom: the calendar is not needed to show the records.
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
  return (
    <CalendarPicker
      visible
      selectionMode="range"
      title={t('records.customRange')}
      defaultValue={from && to ? [fromDay(from), fromDay(to)] : null}
      min={new Date(today.getFullYear() - YEARS_BACK, 0, 1)}
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
