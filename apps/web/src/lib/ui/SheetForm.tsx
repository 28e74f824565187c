import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n';
import styles from './sheet.module.css';

/**
 * The shared sheet classes, for a sheet that is not a form (`sheet`) and for a Selector's options
 * as even tiles (`selector`).
 */
export const sheetStyles = styles;

/**
 * The add/edit sheet's form: a dialog named by its title, the fields, then Cancel and the submit
 * button. A submit while saving, or while `disabled` (a photo uploading, a withdrawal blocked),
 * does nothing.
 */
export function SheetForm({
  title,
  submitText,
  saving,
  disabled = false,
  onSubmit,
  onCancel,
  className,
  after,
  children,
}: {
  title: string;
  submitText: string;
  saving: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** The feature's own look of the sheet, beside the shared one. */
  className?: string;
  /** Below the buttons (the feedback already sent). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <form
      className={className ? `${styles.sheet} ${className}` : styles.sheet}
      role="dialog"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving && !disabled) onSubmit();
      }}
    >
      <h2 id={headingId}>{title}</h2>
      {children}
      <div className={styles.actions}>
        <Button block size="large" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          type="submit"
          loading={saving}
          disabled={disabled}
        >
          {submitText}
        </Button>
      </div>
      {after}
    </form>
  );
}
