import RightOutline from 'antd-mobile-icons/es/RightOutline';
import styles from './tax.module.css';

/** A picker's row: the chosen value, or the placeholder, and a chevron; it opens the picker. */
export function ChooseButton({
  id,
  text,
  placeholder,
  onClick,
}: {
  id: string;
  text: string | undefined;
  placeholder: string;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={styles.choose}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      <span className={text ? undefined : styles.placeholder}>{text ?? placeholder}</span>
      <RightOutline aria-hidden="true" />
    </button>
  );
}
