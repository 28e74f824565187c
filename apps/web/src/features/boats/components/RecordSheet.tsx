import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldForm } from '../../../lib/form';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import type { Check, Photo } from '../form';
import styles from './boats.module.css';
import { PhotoField } from './PhotoField';

/**
 * The add/edit sheet of a boat or a cold room: what was typed, checked by the contract before the
 * API, saved with 'Saved successfully'; a refusal marks its field and keeps what was typed.
 */
export function useRecordForm<V extends { imageId: Photo | null }, F extends keyof V & string, I>({
  initial,
  fields,
  check,
  save,
  onDone,
}: {
  initial: () => V;
  fields: readonly F[];
  check: (values: V) => Check<I, F>;
  save: (input: I, on: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const form = useFieldForm(initial, fields);
  const { values, errors, setErrors, showSaveError } = form;
  // Both records keep their photo under the API's field name, so its refusal lands on it.
  const photoField = 'imageId' as F;
  const errorText = (field: F) => {
    const code = errors[field];
    return code ? t(`errors.${code}`) : undefined;
  };

  const submit = () => {
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save(checked.input, {
      onSuccess: () => {
        toast(t('success.savedSuccessfully'), 'success');
        onDone();
      },
      onError: showSaveError,
    });
  };

  return {
    ...form,
    uploading,
    submit,
    fieldId: (field: F) => `${id}-${field}`,
    errorText,
    /** The photo field, with its upload's refusal on it. */
    photo: (label: string) => (
      <PhotoField
        id={`${id}-${photoField}`}
        label={label}
        value={values.imageId}
        error={errorText(photoField)}
        onChange={(photo) => form.set(photoField, photo as V[F])}
        onBusy={setUploading}
        onError={(failure) => {
          const code = apiErrorCode(failure);
          if (code) setErrors({ [photoField]: code } as typeof errors);
          else showSaveError(failure);
        }}
      />
    ),
  };
}

/** The sheet around the fields: its title, and Cancel / Save (held while a photo uploads). */
export function RecordSheet({
  title,
  saving,
  uploading,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  saving: boolean;
  uploading: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <form
      className={styles.sheet}
      role="dialog"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving && !uploading) onSubmit();
      }}
    >
      <h2 id={headingId}>{title}</h2>
      {children}
      <div className={styles.sheetActions}>
        <Button block size="large" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          type="submit"
          loading={saving}
          disabled={uploading}
        >
          {t('boats.save')}
        </Button>
      </div>
    </form>
  );
}
