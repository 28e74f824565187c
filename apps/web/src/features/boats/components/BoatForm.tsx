import type { Boat } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { SheetForm } from '../../../lib/ui/SheetForm';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveBoat } from '../api';
import { checkBoat } from '../checks';
import { BOAT_FIELDS, boatValuesOf } from '../form';
import { useRecordForm } from './useRecordForm';

/** Add a boat (`boat` null) or change one: number and owner required, a photo optional. */
export default function BoatForm({ boat, onDone }: { boat: Boat | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBoat();
  const form = useRecordForm({
    initial: () => boatValuesOf(boat),
    fields: BOAT_FIELDS,
    check: checkBoat,
    save: (input, on) => save.mutate({ id: boat?.id, input }, on),
    onDone,
  });
  const { values, set, fieldId, errorText } = form;

  return (
    <SheetForm
      title={boat ? t('boats.editBoat') : t('boats.addBoat')}
      submitText={t('boats.save')}
      saving={save.isPending}
      disabled={form.uploading}
      onSubmit={form.submit}
      onCancel={onDone}
    >
      <TextField
        id={fieldId('boatNumber')}
        label={t('boats.boatNumber')}
        error={errorText('boatNumber')}
        value={values.boatNumber}
        placeholder={t('boats.boatNumberPlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(value) => set('boatNumber', value)}
      />
      <TextField
        id={fieldId('ownerName')}
        label={t('boats.ownerName')}
        error={errorText('ownerName')}
        value={values.ownerName}
        placeholder={t('boats.ownerNamePlaceholder')}
        autoComplete="off"
        onChange={(value) => set('ownerName', value)}
      />
      {form.photo(t('boats.photo'))}
    </SheetForm>
  );
}
