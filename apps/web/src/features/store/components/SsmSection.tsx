import {
  MAX_SSM_DOCUMENT_BYTES,
  SSM_DOCUMENT_TYPES,
  type BusinessDocument,
  type ErrorCode,
  type StoreProfile,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/datetime';
import { showError } from '../../../lib/errors';
import { apiErrorCode } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import { FieldError } from '../../../lib/ui/Field';
import { Notice } from '../../../lib/ui/Notice';
import { downloadDocument, useSubmitSsm } from '../api';
import styles from './store.module.css';
import { UploadProgress } from './UploadProgress';

/** What the file chooser offers: the accepted types, by type and by name. */
const ACCEPT = Object.entries(SSM_DOCUMENT_TYPES)
  .flatMap(([type, names]) => [type, ...names.map((name) => `.${name}`)])
  .join(',');

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Saves a submitted document under its name: fetched, so a failure can be told. */
async function saveDocument(document: BusinessDocument) {
  const blob = await downloadDocument(document.id);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.fileName;
  link.style.display = 'none';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The business status and the SSM document behind it (PRODUCT.md §3): upload (PDF or photo,
 * with its progress) → Pending review; the rejection's reason; nothing more to do once Verified.
 */
export function SsmSection({ store }: { store: StoreProfile }) {
  const { t } = useTranslation();
  const submit = useSubmitSsm();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; sent: number | null } | null>(null);
  const [error, setError] = useState<ErrorCode | null>(null);
  const status = store.businessStatus;
  const document = store.ssmDocument;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire another change.
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_SSM_DOCUMENT_BYTES) {
      setError('FILE_TOO_LARGE');
      return;
    }
    setProgress({ name: file.name, sent: 0 });
    submit.mutate(
      { file, onProgress: (sent) => setProgress({ name: file.name, sent }) },
      {
        onSuccess: () => toast(t('success.submittedForReview'), 'success'),
        onError: (failure) => {
          const code = apiErrorCode(failure);
          if (code) setError(code);
          else showError(failure);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  let hint: string;
  if (status === 'rejected')
    hint = store.businessRejectReason
      ? t('store.rejectedReason', { reason: store.businessRejectReason })
      : t('store.rejectedNoReason');
  else hint = t(`store.statusHints.${status}`);

  return (
    <section className={styles.card} aria-labelledby="ssm-heading">
      <div className={styles.cardHead}>
        <h2 id="ssm-heading">{t('store.verification')}</h2>
        <BusinessStatusTag status={status} />
      </div>
      {status === 'rejected' ? (
        <Notice tone="danger">{hint}</Notice>
      ) : (
        <p className={styles.muted}>{hint}</p>
      )}
      {document ? (
        <div className={styles.document}>
          <FileOutline aria-hidden="true" />
          <div className={styles.documentText}>
            <span className={styles.documentName}>{document.fileName}</span>
            <span className={styles.muted}>
              {t('store.submittedAt', { time: formatDateTime(document.submittedAt) })} ·{' '}
              {formatSize(document.size)}
            </span>
          </div>
          <Button
            size="small"
            fill="outline"
            onClick={() => void saveDocument(document).catch(showError)}
          >
            {t('store.download')}
          </Button>
        </div>
      ) : null}
      {status === 'verified' ? null : (
        <>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className={styles.fileInput}
            // The button below is the control; this only opens the chooser for it.
            aria-hidden="true"
            tabIndex={-1}
            disabled={submit.isPending}
            onChange={choose}
          />
          <Button
            block
            color="primary"
            fill={document ? 'outline' : 'solid'}
            loading={submit.isPending}
            onClick={() => input.current?.click()}
          >
            {document ? t('store.replaceSsm') : t('store.uploadSsm')}
          </Button>
          <p className={styles.hint}>{t('store.ssmHint')}</p>
          {progress ? <UploadProgress name={progress.name} sent={progress.sent} /> : null}
          <FieldError>{error ? t(`errors.${error}`) : undefined}</FieldError>
        </>
      )}
    </section>
  );
}
