import { MAX_LOT_PHOTOS, MAX_VIDEO_BYTES, type MediaItem } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import VideoOutline from 'antd-mobile-icons/es/VideoOutline';
import { type ChangeEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { preparePhoto } from '../../../lib/photo';
import { RequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { VIDEO_ACCEPT } from '../media';
import styles from './form.module.css';
import { showPhotos } from './photoViewer';
import { UploadProgress } from './UploadProgress';
import { useUploads } from './useUploads';

const tooLarge = () => new RequestError('FILE_TOO_LARGE', 'File is too large', 413);

const toItem = (media: MediaItem): ImageUploadItem => ({
  key: media.id,
  url: media.url,
  thumbnailUrl: media.thumbUrl ?? media.url,
  extra: media,
});

interface MediaFieldProps<T> {
  id: string;
  value: T;
  error: string | undefined;
  onChange: (value: T) => void;
  /** A failed upload: the field shows a coded error, a toast tells anything else. */
  onError: (error: unknown) => void;
  onBusy: (delta: number) => void;
}

/** Up to 3 photos, each resized on the phone, then uploaded with its progress shown. */
export function PhotoField({
  id,
  value,
  error,
  onChange,
  ...events
}: MediaFieldProps<MediaItem[]>) {
  const { t } = useTranslation();
  const { rows, upload } = useUploads(events);
  const items = useMemo(() => value.map(toItem), [value]);

  return (
    <Field id={id} label={t('auctionForm.photos')} error={error} group bare>
      <ImageUploader
        className={styles.uploader}
        value={items}
        onChange={(next) => onChange(next.map((item) => item.extra as MediaItem))}
        upload={async (file) => toItem(await upload(file, preparePhoto))}
        accept="image/*"
        multiple
        maxCount={MAX_LOT_PHOTOS}
        onCountExceed={() => toast(t('errors.TOO_MANY_PHOTOS'))}
        showFailed={false}
        preview={false}
        onPreview={(index) => showPhotos(value, index)}
      />
      <UploadProgress rows={rows} />
    </Field>
  );
}

/** At most one video, uploaded as it is (phones already compress video), with its progress. */
export function VideoField({
  id,
  value,
  error,
  onChange,
  ...events
}: MediaFieldProps<MediaItem | null>) {
  const { t } = useTranslation();
  const { rows, upload } = useUploads(events);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire another change.
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_VIDEO_BYTES) {
      events.onError(tooLarge());
      return;
    }
    try {
      onChange(await upload(file));
    } catch {
      // Told through onError.
    }
  };

  return (
    <Field
      id={id}
      label={t('auctionForm.video')}
      error={error}
      hint={t('auctionForm.videoHint')}
      group
      bare
    >
      {value ? (
        <div className={styles.videoBox}>
          <video className={styles.video} src={value.url} controls preload="metadata" />
          <Button size="small" color="danger" fill="outline" onClick={() => onChange(null)}>
            {t('auctionForm.removeVideo')}
          </Button>
        </div>
      ) : (
        <label className={styles.addVideo} aria-disabled={rows.length > 0}>
          <input
            type="file"
            accept={VIDEO_ACCEPT}
            className={styles.fileInput}
            disabled={rows.length > 0}
            onChange={(event) => void choose(event)}
          />
          <VideoOutline aria-hidden="true" />
          <span>{t('auctionForm.addVideo')}</span>
        </label>
      )}
      <UploadProgress rows={rows} />
    </Field>
  );
}
