import { LineIcon } from './LineIcon';

/** A wallet outline; antd-mobile-icons only has ¥ purses. */
export function WalletIcon() {
  return (
    <LineIcon>
      <path d="M8 14h30a3 3 0 0 1 3 3v21a3 3 0 0 1-3 3H9a3 3 0 0 1-3-3V12a4 4 0 0 1 4-4h22v6" />
      <path d="M41 22h-9a4.5 4.5 0 0 0 0 9h9z" />
      <circle cx="32.5" cy="26.5" r="0.6" fill="currentColor" />
    </LineIcon>
  );
}
