import CalendarPicker from 'antd-mobile/es/components/calendar-picker';
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
  return (
    <CalendarPicker
      visible
      selectionMode="range"
      title={title}
      defaultValue={from && to ? [fromDay(from), fromDay(to)] : null}
      min={min}
      max={new Date()}
      weekStartsOn="Monday"
      onClose={onClose}
      onConfirm={(range) => {
        if (range) onConfirm(toDay(range[0]), toDay(range[1]));
        onClose();
      }}
    />
  );
}
