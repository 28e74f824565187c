import { MAX_PHOTO_BYTES, type MediaItem } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { lazyComponent } from '../../../lib/ui/lazyComponent';
import { uploadPhoto } from '../api';
import { decodePhoto } from '../../../lib/photo';
import styles from './store.module.css';
import { UploadProgress } from './UploadProgress';

// The cropper (its sheet, its canvas) is wanted only once a photo is chosen: it loads then.
const LogoCropper = lazyComponent(() => import('./LogoCropper'), 'form');

/**
 * The store's logo: chosen, cropped square on the phone, then uploaded with its progress. The
 * form keeps the uploaded photo; it becomes the logo when the basic info is saved.
 */
export function LogoField({
  value,
  error,
  onChange,
  onBusy,
}: {
  value: MediaItem | null;
  error: string | undefined;
  onChange: (logo: MediaItem | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<{ bitmap: ImageBitmap; name: string } | null>(null);
  const [upload, setUpload] = useState<{ name: string; sent: number } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire another change.
    event.target.value = '';
    if (!file) return;
    LogoCropper.preload();
    const bitmap = await decodePhoto(file);
    if (!bitmap) {
      toast(t('store.photoUnreadable'));
      return;
    }
    setPhoto({ bitmap, name: file.name });
  };

  const close = () => {
    photo?.bitmap.close();
    setPhoto(null);
  };

  const send = async (file: File) => {
    close();
    if (file.size > MAX_PHOTO_BYTES) {
      toast(t('errors.FILE_TOO_LARGE'));
      return;
    }
    setUpload({ name: file.name, sent: 0 });
    onBusy(true);
    try {
      const sent = (share: number) => setUpload({ name: file.name, sent: share });
      onChange(await uploadPhoto(file, sent, controller.current?.signal));
    } catch (failure) {
      showError(failure);
    } finally {
      setUpload(null);
      onBusy(false);
    }
  };

  return (
    <Field
      id="store-logo"
      label={t('store.logo')}
      error={error}
      hint={t('store.logoHint')}
      group
      bare
    >
      <div className={styles.logoRow}>
        {value ? (
          <img className={styles.logo} src={value.thumbUrl ?? value.url} alt={t('store.logo')} />
        ) : (
          <div className={styles.logo} aria-hidden="true">
            <PictureOutline />
          </div>
        )}
        <div className={styles.buttons}>
          <label className={styles.fileButton} aria-disabled={upload !== null}>
            <input
              type="file"
              accept="image/*"
              className={styles.fileInput}
              disabled={upload !== null}
              onChange={(event) => void choose(event)}
            />
            {value ? t('store.changeLogo') : t('store.addLogo')}
          </label>
          {value ? (
            <Button size="small" fill="none" color="danger" onClick={() => onChange(null)}>
              {t('store.removeLogo')}
            </Button>
          ) : null}
        </div>
      </div>
      {upload ? <UploadProgress name={upload.name} sent={upload.sent} /> : null}
      {photo ? (
        <LogoCropper
          bitmap={photo.bitmap}
          name={photo.name}
          onDone={(file) => void send(file)}
          onCancel={close}
        />
      ) : null}
    </Field>
  );
}
