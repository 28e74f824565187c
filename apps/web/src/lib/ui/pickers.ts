import type { DatePickerProps } from 'antd-mobile/es/components/date-picker';
import type { PickerProps } from 'antd-mobile/es/components/picker';
import { lazyOverlay } from './lazyOverlay';

/** antd-mobile's wheel pickers, their code fetched when one first opens. */
export const Picker = lazyOverlay<PickerProps>(() => import('antd-mobile/es/components/picker'));
export const DatePicker = lazyOverlay<DatePickerProps>(
  () => import('antd-mobile/es/components/date-picker'),
);
