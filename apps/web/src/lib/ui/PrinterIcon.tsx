import { LineIcon } from './LineIcon';

/** A receipt printer; antd-mobile-icons' receipt icon shows ¥. */
export function PrinterIcon() {
  return (
    <LineIcon>
      <path d="M14 18V7h20v11" />
      <path d="M14 34H9a3 3 0 0 1-3-3V21a3 3 0 0 1 3-3h30a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-5" />
      <path d="M14 28h20v13H14z" />
      <path d="M19 33h10M19 37h6" />
    </LineIcon>
  );
}
