import type { Boat } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../../lib/form';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveBoat } from '../api';
import { BOAT_FIELDS, type BoatField, boatValuesOf, checkBoat } from '../form';
import styles from './boats.module.css';
import { PhotoField } from './PhotoField';

/**
 * Add a boat (`boat` null) or change one: number and owner required, a photo optional. The
 * contract's schema checks it before the API; a refusal marks its field and keeps what was typed.
 */
export function BoatForm({ boat, onDone }: { boat: Boat | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveBoat();
  const [uploading, setUploading] = useState(false);
  const { values, errors, setErrors, set, showSaveError } = useFieldForm(
    () => boatValuesOf(boat),
    BOAT_FIELDS,
  );
  const errorText = (field: BoatField) => {
    const code = errors[field];
    return code ? t(`errors.${code}`) : undefined;
  };
  const fieldId = (field: BoatField) => `${id}-${field}`;
  const headingId = `${id}-heading`;

  const submit = () => {
    if (save.isPending || uploading) return;
    const check = checkBoat(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    save.mutate(
      { id: boat?.id, input: check.input },
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
      <h2 id={headingId}>{boat ? t('boats.editBoat') : t('boats.addBoat')}</h2>
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
