import { useConfig } from 'antd-mobile/es/components/config-provider';
import Image from 'antd-mobile/es/components/image';
import type { ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import 'antd-mobile/es/components/image-uploader/image-uploader.css';
import Space from 'antd-mobile/es/components/space';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useImageViewer } from './imageViewer';
import { Spinner } from './Spinner';

const PREFIX = 'adm-image-uploader';

/** A file on its way up: shown dimmed with a spinner until `upload` answers. */
interface Task {
  id: number;
  file: File;
}

function Cell({
  src,
  file,
  pending,
  uploadingText,
  onClick,
  onDelete,
}: {
  src?: string;
  file?: File;
  pending?: boolean;
  uploadingText: string;
  onClick?: () => void;
  onDelete?: () => void;
}) {
  const url = useMemo(() => src ?? (file ? URL.createObjectURL(file) : ''), [src, file]);
  useEffect(() => () => void (file && URL.revokeObjectURL(url)), [url, file]);
  return (
    <div className={`${PREFIX}-cell`}>
      <Image className={`${PREFIX}-cell-image`} src={url} fit="cover" onClick={onClick} />
      {pending ? (
        <div className={`${PREFIX}-cell-mask`}>
          <span className={`${PREFIX}-cell-loading`}>
            <Spinner size={32} />
            <span className={`${PREFIX}-cell-mask-message`}>{uploadingText}</span>
          </span>
        </div>
      ) : null}
      {onDelete ? (
        <span className={`${PREFIX}-cell-delete`} onClick={onDelete}>
          <CloseOutline className={`${PREFIX}-cell-delete-icon`} />
        </span>
      ) : null}
    </div>
  );
}

/**
 * antd-mobile's ImageUploader as the app uses it, with its markup, classes and texts, without what
 * it imports for all uses: its SpinLoading and its built-in ImageViewer bring the animation
 * library (24 KB gzip) into every form with a photo. A failed upload is dropped (the caller says
 * why); a tap on a photo opens them full screen (lib/ui/imageViewer, fetched then), closed with
 * the form.
 */
export function ImageUploader({
  className,
  value,
  onChange,
  upload,
  accept = 'image/*',
  multiple = false,
  maxCount = 0,
  onCountExceed,
}: {
  className?: string;
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  upload: (file: File) => Promise<ImageUploadItem>;
  accept?: string;
  multiple?: boolean;
  /** 0: no limit. */
  maxCount?: number;
  onCountExceed?: (exceed: number) => void;
}) {
  const { locale } = useConfig();
  const [tasks, setTasks] = useState<Task[]>([]);
  const nextId = useRef(0);
  // What the uploads finishing add to: the latest value, not the one they started with.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    let files = [...(event.target.files ?? [])];
    event.target.value = ''; // so that choosing the same file again is a change
    if (files.length === 0) return;
    if (maxCount > 0) {
      const exceed = value.length + tasks.length + files.length - maxCount;
      if (exceed > 0) {
        files = files.slice(0, files.length - exceed);
        onCountExceed?.(exceed);
      }
    }
    const started = files.map((file) => ({ id: nextId.current++, file }));
    setTasks((current) => [...current, ...started]);
    await Promise.all(
      started.map(async (task) => {
        try {
          const item = await upload(task.file);
          latest.current = [...latest.current, item];
          onChange(latest.current);
        } catch {
          // The caller reports it; its cell goes.
        } finally {
          setTasks((current) => current.filter((t) => t.id !== task.id));
        }
      }),
    );
  };

  const view = useImageViewer();
  const preview = (index: number) =>
    view(
      value.map((item) => item.url),
      index,
    );

  const showUpload = maxCount === 0 || value.length + tasks.length < maxCount;
  return (
    <div className={className ? `${PREFIX} ${className}` : PREFIX}>
      <Space className={`${PREFIX}-space`} wrap block>
        {value.map((item, index) => (
          <Cell
            key={item.key ?? index}
            src={item.thumbnailUrl ?? item.url}
            uploadingText={locale.ImageUploader.uploading}
            onClick={() => preview(index)}
            onDelete={() => onChange(value.filter((_, i) => i !== index))}
          />
        ))}
        {tasks.map((task) => (
          <Cell
            key={`task-${task.id}`}
            file={task.file}
            pending
            uploadingText={locale.ImageUploader.uploading}
          />
        ))}
        <div
          className={`${PREFIX}-upload-button-wrap`}
          style={showUpload ? undefined : { display: 'none' }}
        >
          <span
            className={`${PREFIX}-cell ${PREFIX}-upload-button`}
            role="button"
            aria-label={locale.ImageUploader.upload}
          >
            <span className={`${PREFIX}-upload-button-icon`}>
              <AddOutline />
            </span>
          </span>
          <input
            aria-label={locale.ImageUploader.upload}
            accept={accept}
            multiple={multiple}
            type="file"
            className={`${PREFIX}-input`}
            onChange={(event) => void choose(event)}
          />
        </div>
      </Space>
    </div>
  );
}
