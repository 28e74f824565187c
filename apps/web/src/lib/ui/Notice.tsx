import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/** A tinted box of text: a warning, a refusal, a hint or a quiet aside. */
export function Notice({
  tone,
  role,
  children,
}: {
  tone: 'warning' | 'danger' | 'info' | 'muted';
  /** 'note' when it explains the page around it (a screen reader then names it). */
  role?: 'note';
  children: ReactNode;
}) {
  return (
    <p className={`${styles.notice} ${styles[tone]}`} role={role}>
      {children}
    </p>
  );
}
