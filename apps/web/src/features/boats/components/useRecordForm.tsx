import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type Check, useFieldForm } from '../../../lib/form';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import type { Photo } from '../form';
import { PhotoField } from './PhotoField';

/**
 * The add/edit form of a boat or a cold room: what was typed, checked by the contract before the
 * API, saved with 'Saved successfully'; a refusal marks its field and keeps what was typed. Its
 * photo field holds Save while an upload is on its way (`uploading`).
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
  const [uploading, setUploading] = useState(false);
  const form = useFieldForm(initial, fields);
  const { values, setErrors, showSaveError, fieldId, errorText } = form;
  // Both records keep their photo under the API's field name, so its refusal lands on it.
  const photoField = 'imageId' as F;

  const submit = () => {
    const input = form.check(check);
    if (input === null) return;
    save(input, {
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
    /** The photo field, with its upload's refusal on it. */
    photo: (label: string) => (
      <PhotoField
        id={fieldId(photoField)}
        label={label}
        value={values.imageId}
        error={errorText(photoField)}
        onChange={(photo) => form.set(photoField, photo as V[F])}
        onBusy={setUploading}
        onError={(failure) => {
          const code = apiErrorCode(failure);
          if (code) setErrors({ [photoField]: code } as typeof form.errors);
          else showSaveError(failure);
        }}
      />
    ),
  };
}
