import { DatePicker, Picker } from '../../../lib/ui/pickers';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatLocalDateTime } from '../../../lib/datetime';
import { ChooseButton } from '../../../lib/ui/ChooseButton';
import { Field } from '../../../lib/ui/Field';

interface Option {
  label: string;
  value: string;
}

/** One choice from a list, picked on antd-mobile's wheel. */
export function PickerField({
  id,
  label,
  error,
  placeholder,
  options,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  placeholder: string;
  options: Option[];
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  // Declarative, so the wheel belongs to the form: it closes when the page goes (Back).
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value);
  return (
    <Field id={id} label={label} error={error}>
      <ChooseButton
        id={id}
        text={chosen?.label}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => setOpen(true)}
      />
      <Picker
        columns={[options]}
        visible={open}
        value={value ? [value] : []}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const next = picked[0];
          if (typeof next === 'string') onChange(next);
        }}
      />
    </Field>
  );
}

/** The spec's date/time picker range (§9): the current year minus 150 to plus 150. */
function pickerRange(now: Date) {
  const year = now.getFullYear();
  return { min: new Date(year - 150, 0, 1), max: new Date(year + 150, 11, 31, 23, 59) };
}

/** A date and time to the minute, picked on the device's clock. */
export function DateTimeField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** ISO 8601. */
  value: string;
  onChange: (iso: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The range and the starting value are read when the wheel opens, not at every render.
  const [now, setNow] = useState(() => new Date());
  const current = value ? new Date(value) : now;
  return (
    <Field id={id} label={label} error={error}>
      <ChooseButton
        id={id}
        text={value ? formatLocalDateTime(value) : undefined}
        placeholder={label}
        onClick={() => {
          setNow(new Date());
          setOpen(true);
        }}
      />
      <DatePicker
        visible={open}
        precision="minute"
        {...pickerRange(now)}
        value={Number.isNaN(current.getTime()) ? now : current}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(picked.toISOString())}
      />
    </Field>
  );
}
