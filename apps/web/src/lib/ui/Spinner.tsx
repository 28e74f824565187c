import styles from './Spinner.module.css';

/**
 * A CSS spinner, for a page or an area that is loading: antd-mobile's SpinLoading would bring its
 * animation library into the first load.
 */
export function Spinner({ size = 32 }: { size?: number }) {
  return (
    <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
  );
}
