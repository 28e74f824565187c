import type { ReactNode } from 'react';
import styles from './Field.module.css';

/**
 * A labelled form row: the label names the input (`htmlFor`), the error sits right under it. A
 * `group` (several controls, or one that is not a labelable element) is named by its label
 * instead, and `bare` drops the input border for controls that draw their own.
 */
export function Field({
  id,
  label,
  error,
  hint,
  group = false,
  bare = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  group?: boolean;
  bare?: boolean;
  children: ReactNode;
}) {
  const control = [styles.control, bare && styles.bare, error && styles.invalid]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={styles.field}
      data-invalid={error ? true : undefined}
      role={group ? 'group' : undefined}
      aria-labelledby={group ? `${id}-label` : undefined}
    >
      {group ? (
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
      ) : (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      )}
      <div className={control}>{children}</div>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <FieldError>{error}</FieldError>
    </div>
  );
}

/** A field's error, announced when it appears. */
export function FieldError({ children }: { children?: string | undefined }) {
  return children ? (
    <p className={styles.error} role="alert">
      {children}
    </p>
  ) : null;
}
