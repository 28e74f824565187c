import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { Spinner } from './Spinner';
import styles from './PageMessage.module.css';

/**
 * A whole-area message: loading, empty or failed, with an optional action (an outlined button, or
 * `children` for another). antd-mobile's ErrorBlock and Empty bring large illustrations; an icon
 * and a line of text say as much.
 */
export function PageMessage({
  title,
  description,
  icon,
  loading = false,
  action,
  onAction,
  className,
  children,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  loading?: boolean;
  action?: string;
  onAction?: () => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={className ? `${styles.message} ${className}` : styles.message}
      role={loading ? 'status' : undefined}
    >
      {loading ? <Spinner size={28} /> : icon}
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action && onAction ? (
        <Button color="primary" fill="outline" onClick={onAction}>
          {action}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
