import { MAX_CAROUSEL_IMAGES, MAX_PHOTO_BYTES, type MediaItem } from '@sm/contract';
import { Swiper } from '../../../lib/ui/Swiper';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/errors';
import { RequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { uploadPhoto, useSaveCarousel } from '../api';
import { compressPhoto } from '../../../lib/photo';
import styles from './store.module.css';
import { UploadProgress } from './UploadProgress';
import { useConfirm } from '../../../lib/ui/useConfirm';

const tooLarge = () => new RequestError('FILE_TOO_LARGE', 'File is too large', 413);

/** `items` with the one at `from` moved to `to`. */
const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * The store's carousel: a preview as buyers swipe it, and the photos in order with buttons to
 * move each earlier or later (large targets for a finger, and a keyboard), remove it, or add
 * more up to 5. Every change saves at once: reordering sends the new order.
 */
export function CarouselEditor({ photos }: { photos: MediaItem[] }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const save = useSaveCarousel();
  const [uploads, setUploads] = useState<{ id: number; name: string; sent: number | null }[]>([]);
  const nextUpload = useRef(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const busy = save.isPending || uploads.length > 0;
  const saveOrder = (items: MediaItem[]) =>
    save.mutate(
      { mediaIds: items.map((item) => item.id) },
      { onSuccess: () => toast(t('success.updated'), 'success'), onError: showError },
    );

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // The same files chosen again after a failure must fire another change.
    event.target.value = '';
    const room = MAX_CAROUSEL_IMAGES - photos.length;
    if (chosen.length > room) toast(t('errors.TOO_MANY_CAROUSEL_IMAGES'));
    const files = chosen.slice(0, Math.max(0, room));
    if (files.length === 0) return;
    const rows = files.map((file) => {
      nextUpload.current += 1;
      return { id: nextUpload.current, name: file.name, sent: null };
    });
    setUploads((current) => [...current, ...rows]);
    const progress = (id: number) => (sent: number) =>
      setUploads((current) => current.map((row) => (row.id === id ? { ...row, sent } : row)));
    const results = await Promise.allSettled(
      files.map(async (file, i) => {
        const row = rows[i]!;
        try {
          const photo = await compressPhoto(file);
          if (photo.size > MAX_PHOTO_BYTES) throw tooLarge();
          return await uploadPhoto(photo, progress(row.id), controller.current?.signal);
        } finally {
          setUploads((current) => current.filter((r) => r.id !== row.id));
        }
      }),
    );
    const added: MediaItem[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') added.push(result.value);
      else showError(result.reason);
    }
    if (added.length > 0 && !controller.current?.signal.aborted) saveOrder([...photos, ...added]);
  };

  const remove = async (index: number) => {
    const confirmed = await confirm({
      content: t('store.removePhotoConfirm'),
      confirmText: t('store.remove'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) saveOrder(photos.filter((_, i) => i !== index));
  };

  return (
    <section className={styles.card} aria-labelledby="carousel-heading">
      <div className={styles.cardHead}>
        <h2 id="carousel-heading">{t('store.carousel')}</h2>
        <span className={styles.muted}>
          {photos.length}/{MAX_CAROUSEL_IMAGES}
        </span>
      </div>
      {photos.length > 0 ? (
        <Swiper className={styles.swiper} loop={photos.length > 1}>
          {photos.map((photo, index) => (
            <Swiper.Item key={photo.id}>
              <img
                className={styles.slide}
                src={photo.url}
                alt={t('store.photoN', { n: index + 1 })}
                draggable={false}
              />
            </Swiper.Item>
          ))}
        </Swiper>
      ) : (
        <p className={styles.muted}>{t('store.carouselEmpty')}</p>
      )}
      <p className={styles.hint}>{t('store.carouselHint', { max: MAX_CAROUSEL_IMAGES })}</p>
      <ol className={styles.thumbs} aria-label={t('store.carousel')}>
        {photos.map((photo, index) => (
          <li key={photo.id} className={styles.thumb}>
            <img src={photo.thumbUrl ?? photo.url} alt={t('store.photoN', { n: index + 1 })} />
            <span className={styles.thumbIndex} aria-hidden="true">
              {index + 1}
            </span>
            <div className={styles.thumbActions}>
              <button
                type="button"
                aria-label={t('store.moveEarlier', { n: index + 1 })}
                disabled={busy || index === 0}
                onClick={() => saveOrder(moved(photos, index, index - 1))}
              >
                <LeftOutline aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={t('store.removePhoto', { n: index + 1 })}
                disabled={busy}
                onClick={() => void remove(index)}
              >
                <DeleteOutline aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={t('store.moveLater', { n: index + 1 })}
                disabled={busy || index === photos.length - 1}
                onClick={() => saveOrder(moved(photos, index, index + 1))}
              >
                <RightOutline aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
        {photos.length + uploads.length < MAX_CAROUSEL_IMAGES ? (
          <li className={styles.thumb}>
            <label className={styles.addThumb} aria-disabled={busy}>
              <input
                type="file"
                accept="image/*"
                multiple
                className={styles.fileInput}
                disabled={busy}
                onChange={(event) => void add(event)}
              />
              <AddOutline aria-hidden="true" />
              <span>{t('store.addPhotos')}</span>
            </label>
          </li>
        ) : null}
      </ol>
      {uploads.map((row) => (
        <UploadProgress key={row.id} name={row.name} sent={row.sent} />
      ))}
    </section>
  );
}
