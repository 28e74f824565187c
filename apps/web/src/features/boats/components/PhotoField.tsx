import type { ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Field } from '../../../lib/ui/Field';
import { ImageUploader } from '../../../lib/ui/ImageUploader';
import { uploadPhoto } from '../api';
import type { Photo } from '../form';
import { preparePhoto } from '../../../lib/photo';
import styles from './boats.module.css';

const toItem = (photo: Photo): ImageUploadItem => ({
  key: photo.id,
  url: photo.url,
  thumbnailUrl: photo.thumbUrl ?? photo.url,
  extra: photo,
});

/**
 * One optional photo: resized on the phone, uploaded to the merchant's media, then kept by id.
 * `onBusy` hears true while an upload is on its way (the form waits for it); `onError` hears a
 * failed one. Closing the form cancels an upload still on its way.
 */
export function PhotoField({
  id,
  label,
  value,
  error,
  onChange,
  onBusy,
  onError,
}: {
  id: string;
  label: string;
  value: Photo | null;
  error: string | undefined;
  onChange: (photo: Photo | null) => void;
  onBusy: (busy: boolean) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const items = useMemo(() => (value ? [toItem(value)] : []), [value]);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const upload = async (file: File): Promise<ImageUploadItem> => {
    onBusy(true);
    try {
      const media = await uploadPhoto(await preparePhoto(file), controller.current?.signal);
      return toItem({ id: media.id, url: media.url, thumbUrl: media.thumbUrl });
    } catch (failure) {
      onError(failure);
      throw failure;
    } finally {
      onBusy(false);
    }
  };

  return (
    <Field id={id} label={label} error={error} hint={t('boats.photoHint')} group bare>
      <ImageUploader
        className={styles.uploader}
        value={items}
        onChange={(next) => onChange((next[0]?.extra as Photo | undefined) ?? null)}
        upload={upload}
        accept="image/*"
        maxCount={1}
      />
    </Field>
  );
}
