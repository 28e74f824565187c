import RightOutline from 'antd-mobile-icons/es/RightOutline';
import styles from './ChooseButton.module.css';

/** A picker's row: the chosen value, or the placeholder, and a chevron; it opens the picker. */
export function ChooseButton({
  id,
  text,
  placeholder,
  disabled,
  multiline = false,
  onClick,
}: {
  id: string;
  text: string | undefined;
  placeholder: string;
  disabled?: boolean;
  /** Room between the lines of a long value. */
  multiline?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={multiline ? `${styles.choose} ${styles.multiline}` : styles.choose}
      disabled={disabled}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      <span className={text ? undefined : styles.placeholder}>{text ?? placeholder}</span>
      <RightOutline aria-hidden="true" />
    </button>
  );
}
