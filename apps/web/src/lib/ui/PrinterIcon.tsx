/** A receipt printer in antd-mobile-icons' style (1em, currentColor); its receipt icon shows ¥. */
export function PrinterIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="3.2"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M14 18V7h20v11" />
      <path d="M14 34H9a3 3 0 0 1-3-3V21a3 3 0 0 1 3-3h30a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-5" />
      <path d="M14 28h20v13H14z" />
      <path d="M19 33h10M19 37h6" />
    </svg>
  );
}
