import type { ColdRoom } from '@sm/contract';
import Switch from 'antd-mobile/es/components/switch';
import { useTranslation } from '../../../lib/i18n';
import { SheetForm } from '../../../lib/ui/SheetForm';
import { Field } from '../../../lib/ui/Field';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveColdRoom } from '../api';
import { checkColdRoom, defaultNameFor } from '../checks';
import { COLD_ROOM_FIELDS, coldRoomValuesOf } from '../form';
import styles from './boats.module.css';
import { useRecordForm } from './useRecordForm';

/**
 * Add a cold room (`room` null) or change one, among the store's `rooms`. Everything is optional:
 * a room left unnamed gets the next 'Cold Room N' (chosen by the server; the placeholder shows
 * which).
 */
export default function ColdRoomForm({
  room,
  rooms,
  onDone,
}: {
  room: ColdRoom | null;
  rooms: readonly ColdRoom[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const defaultName = defaultNameFor(rooms, room);
  const save = useSaveColdRoom();
  const form = useRecordForm({
    initial: () => coldRoomValuesOf(room),
    fields: COLD_ROOM_FIELDS,
    check: checkColdRoom,
    save: (input, on) => save.mutate({ id: room?.id, input }, on),
    onDone,
  });
  const { values, set, fieldId, errorText } = form;

  return (
    <SheetForm
      title={room ? t('boats.editColdRoom') : t('boats.addColdRoom')}
      submitText={t('boats.save')}
      saving={save.isPending}
      disabled={form.uploading}
      onSubmit={form.submit}
      onCancel={onDone}
    >
      <TextField
        id={fieldId('name')}
        label={t('boats.coldRoomName')}
        error={errorText('name')}
        hint={t('boats.coldRoomNameHint', { name: defaultName })}
        value={values.name}
        placeholder={defaultName}
        autoComplete="off"
        onChange={(value) => set('name', value)}
      />
      <TextField
        id={fieldId('ownerName')}
        label={t('boats.coldRoomOwner')}
        error={errorText('ownerName')}
        value={values.ownerName}
        placeholder={t('boats.optional')}
        autoComplete="off"
        onChange={(value) => set('ownerName', value)}
      />
      {form.photo(t('boats.photo'))}
      <Field
        id={fieldId('active')}
        label={t('boats.active')}
        error={errorText('active')}
        hint={t('boats.activeHint')}
        group
        bare
      >
        <div className={styles.switchRow}>
          <span>{values.active ? t('boats.inUse') : t('boats.notInUse')}</span>
          <Switch
            checked={values.active}
            onChange={(active) => set('active', active)}
            aria-label={t('boats.active')}
          />
        </div>
      </Field>
    </SheetForm>
  );
}
