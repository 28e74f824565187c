import type { ReactNode } from 'react';

/**
 * An outline icon drawn in antd-mobile-icons' style (1em, currentColor, 48-unit grid), for the
 * shapes its set draws with a ¥ sign (purses, receipts).
 */
export function LineIcon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}
