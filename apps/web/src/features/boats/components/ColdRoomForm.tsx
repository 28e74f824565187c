import type { ColdRoom } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Switch from 'antd-mobile/es/components/switch';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../../lib/form';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveColdRoom } from '../api';
import { checkColdRoom, COLD_ROOM_FIELDS, type ColdRoomField, coldRoomValuesOf } from '../form';
import styles from './boats.module.css';
import { PhotoField } from './PhotoField';

/**
 * Add a cold room (`room` null) or change one. Everything is optional: a room left unnamed gets
 * `defaultName` ('Cold Room N', chosen by the server; the placeholder shows which).
 */
export function ColdRoomForm({
  room,
  defaultName,
  onDone,
}: {
  room: ColdRoom | null;
  defaultName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveColdRoom();
  const [uploading, setUploading] = useState(false);
  const { values, errors, setErrors, set, showSaveError } = useFieldForm(
    () => coldRoomValuesOf(room),
    COLD_ROOM_FIELDS,
  );
  const errorText = (field: ColdRoomField) => {
    const code = errors[field];
    return code ? t(`errors.${code}`) : undefined;
  };
  const fieldId = (field: ColdRoomField) => `${id}-${field}`;
  const headingId = `${id}-heading`;

  const submit = () => {
    if (save.isPending || uploading) return;
    const check = checkColdRoom(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    save.mutate(
      { id: room?.id, input: check.input },
      {
        onSuccess: () => {
          toast(t('success.savedSuccessfully'), 'success');
          onDone();
        },
        onError: showSaveError,
      },
    );
  };

  return (
    <form
      className={styles.sheet}
      role="dialog"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id={headingId}>{room ? t('boats.editColdRoom') : t('boats.addColdRoom')}</h2>
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
      <PhotoField
        id={fieldId('imageId')}
        label={t('boats.photo')}
        value={values.imageId}
        error={errorText('imageId')}
        onChange={(photo) => set('imageId', photo)}
        onBusy={setUploading}
        onError={(failure) => {
          const code = apiErrorCode(failure);
          if (code) setErrors({ imageId: code });
          else showSaveError(failure);
        }}
      />
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
      <div className={styles.sheetActions}>
        <Button block size="large" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          type="submit"
          loading={save.isPending}
          disabled={uploading}
        >
          {t('boats.save')}
        </Button>
      </div>
    </form>
  );
}
