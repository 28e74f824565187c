import Button from 'antd-mobile/es/components/button';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { cropAt, cropToFile, type SquareCrop } from '../photo';
import styles from './store.module.css';

const MAX_ZOOM = 4;
/** The square on screen, CSS px; the canvas has the device's pixels behind it. */
const VIEW = 280;

/**
 * The square crop step of the logo: the photo fills a square, the merchant drags it (mouse or
 * finger: pointer events) and zooms (buttons or slider); "Use this" hands back the square as a
 * JPEG of at most 512 px. A small canvas of our own instead of a cropping library: this is all
 * the page needs, and it costs no bundle.
 */
export default function LogoCropper({
  bitmap,
  name,
  onDone,
  onCancel,
}: {
  /** The decoded photo, upright. */
  bitmap: ImageBitmap;
  name: string;
  onDone: (file: File) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [zoom, setZoom] = useState(1);
  // The photo starts centred at zoom 1: the largest square it holds.
  const [crop, setCrop] = useState<SquareCrop>(() =>
    cropAt(bitmap.width, bitmap.height, 1, { cx: bitmap.width / 2, cy: bitmap.height / 2 }),
  );
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(VIEW * ratio);
    element.height = Math.round(VIEW * ratio);
    context.fillStyle = '#fff';
    context.fillRect(0, 0, element.width, element.height);
    const half = crop.side / 2;
    context.drawImage(
      bitmap,
      crop.cx - half,
      crop.cy - half,
      crop.side,
      crop.side,
      0,
      0,
      element.width,
      element.height,
    );
  }, [bitmap, crop]);

  const zoomTo = (next: number) => {
    const value = Math.min(MAX_ZOOM, Math.max(1, next));
    setZoom(value);
    setCrop((current) => cropAt(bitmap.width, bitmap.height, value, current));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    // A finger moving right shows more of the left: the crop's centre moves the other way.
    const perPixel = crop.side / VIEW;
    const dx = (event.clientX - start.x) * perPixel;
    const dy = (event.clientY - start.y) * perPixel;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setCrop(cropAt(bitmap.width, bitmap.height, zoom, { cx: crop.cx - dx, cy: crop.cy - dy }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const use = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const file = await cropToFile(bitmap, crop, name);
      if (file) onDone(file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet visible onClose={onCancel} keepContent>
      <section className={styles.cropper} role="dialog" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('store.cropTitle')}</h2>
        <p className={styles.muted}>{t('store.cropHint')}</p>
        <canvas
          ref={canvas}
          className={styles.cropCanvas}
          style={{ width: VIEW, height: VIEW }}
          role="img"
          aria-label={t('store.cropArea')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
        <div className={styles.zoomRow}>
          <Button
            size="small"
            fill="outline"
            aria-label={t('store.zoomOut')}
            disabled={zoom <= 1}
            onClick={() => zoomTo(zoom - 0.25)}
          >
            <MinusOutline aria-hidden="true" />
          </Button>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            aria-label={t('store.zoom')}
            onChange={(event) => zoomTo(Number(event.target.value))}
          />
          <Button
            size="small"
            fill="outline"
            aria-label={t('store.zoomIn')}
            disabled={zoom >= MAX_ZOOM}
            onClick={() => zoomTo(zoom + 0.25)}
          >
            <AddOutline aria-hidden="true" />
          </Button>
        </div>
        <div className={styles.actions}>
          <Button block fill="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" loading={busy} onClick={() => void use()}>
            {t('store.useCrop')}
          </Button>
        </div>
      </section>
    </BottomSheet>
  );
}
