import { MAX_LOT_PHOTOS, MAX_VIDEO_BYTES, type MediaItem } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import type { ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import VideoOutline from 'antd-mobile-icons/es/VideoOutline';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { type ChangeEvent, useMemo } from 'react';
import { errorText } from '../../../lib/errors';
import { preparePhoto } from '../../../lib/photo';
import { apiErrorCode, RequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { Field, FieldError } from '../../../lib/ui/Field';
import { ImageUploader } from '../../../lib/ui/ImageUploader';
import { VIDEO_ACCEPT } from '../media';
import styles from './form.module.css';
import { UploadProgress } from './UploadProgress';
import { type UploadFailure, useUploads } from './useUploads';

const tooLarge = () => new RequestError('FILE_TOO_LARGE', 'File is too large', 413);

const toItem = (media: MediaItem): ImageUploadItem => ({
  key: media.id,
  url: media.url,
  thumbnailUrl: media.thumbUrl ?? media.url,
  extra: media,
});

/** Codes of a file whose content is not what the field takes (a text file named .jpg). */
const NOT_MEDIA = new Set(['UNSUPPORTED_FILE', 'FILE_TYPE_MISMATCH']);

/** Why a file was not added, naming it: several may have been chosen at once. */
function failureText(t: TFunction, failure: UploadFailure, kind: 'photo' | 'video'): string {
  const code = apiErrorCode(failure.error);
  if (code && NOT_MEDIA.has(code)) {
    return t(kind === 'photo' ? 'auctionForm.notAPhoto' : 'auctionForm.notAVideo', {
      name: failure.name,
    });
  }
  const reason = errorText(failure.error) ?? t('messages.uploadFailed');
  return t('auctionForm.fileNotAdded', { name: failure.name, reason });
}

/**
 * The uploads of a media field: a failure is told twice, as a toast (the field may be scrolled
 * away) and under the field until the next file is tried, beside what the form already said
 * there ("Please upload at least 1 photo" stays while there is none).
 */
function useMediaUploads(kind: 'photo' | 'video', onBusy: (delta: number) => void) {
  const { t } = useTranslation();
  const uploads = useUploads({
    onBusy,
    onFailure: (failure) => toast(failureText(t, failure, kind), 'fail'),
  });
  const failure = uploads.failure ? failureText(t, uploads.failure, kind) : undefined;
  return { ...uploads, failureLine: <FieldError>{failure}</FieldError> };
}

interface MediaFieldProps<T> {
  id: string;
  value: T;
  /** The form's message for the field (what publishing found), if any. */
  error: string | undefined;
  onChange: (value: T) => void;
  onBusy: (delta: number) => void;
}

/** Up to 3 photos, each resized on the phone, then uploaded with its progress shown. */
export function PhotoField({ id, value, error, onChange, onBusy }: MediaFieldProps<MediaItem[]>) {
  const { t } = useTranslation();
  const { rows, upload, failureLine } = useMediaUploads('photo', onBusy);
  const items = useMemo(() => value.map(toItem), [value]);

  const change = (next: ImageUploadItem[]) => {
    const photos = next.map((item) => item.extra as MediaItem);
    // The uploader reports its list after every batch, failed ones included: the same photos
    // are no change, and must not clear what the field says.
    const same =
      photos.length === value.length && photos.every((photo, i) => photo.id === value[i]?.id);
    if (!same) onChange(photos);
  };

  return (
    <Field id={id} label={t('auctionForm.photos')} error={error} group bare>
      <ImageUploader
        className={styles.uploader}
        value={items}
        onChange={change}
        upload={async (file) => toItem(await upload(file, preparePhoto))}
        accept="image/*"
        multiple
        maxCount={MAX_LOT_PHOTOS}
        onCountExceed={() => toast(t('errors.TOO_MANY_PHOTOS'))}
      />
      <UploadProgress rows={rows} />
      {failureLine}
    </Field>
  );
}

/** At most one video, uploaded as it is (phones already compress video), with its progress. */
export function VideoField({
  id,
  value,
  error,
  onChange,
  onBusy,
}: MediaFieldProps<MediaItem | null>) {
  const { t } = useTranslation();
  const { rows, upload, fail, failureLine } = useMediaUploads('video', onBusy);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire another change.
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_VIDEO_BYTES) {
      fail(file.name, tooLarge());
      return;
    }
    try {
      onChange(await upload(file));
    } catch {
      // Told by the field and a toast.
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
      {failureLine}
    </Field>
  );
}
