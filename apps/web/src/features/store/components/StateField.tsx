import { LHDN_STATES, SELLER_STATE_CODES } from '@sm/contract';
import { Picker } from '../../../lib/ui/pickers';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChooseButton } from '../../../lib/ui/ChooseButton';
import { Field } from '../../../lib/ui/Field';

/** A store's state: LHDN's sixteen states and federal territories, by LHDN's names. */
const OPTIONS = LHDN_STATES.filter((state) =>
  (SELLER_STATE_CODES as readonly string[]).includes(state.code),
).map((state) => ({ label: state.name, value: state.code }));

/** The state, picked on antd-mobile's wheel; declarative, so it closes with the page (Back). */
export function StateField({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = OPTIONS.find((option) => option.value === value);
  return (
    <Field id={id} label={t('taxDetails.state')} error={error}>
      <ChooseButton
        id={id}
        text={chosen?.label}
        placeholder={t('taxDetails.chooseState')}
        multiline
        onClick={() => setOpen(true)}
      />
      <Picker
        columns={[OPTIONS]}
        visible={open}
        value={chosen ? [chosen.value] : []}
        title={t('taxDetails.state')}
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
