import Tag, { type TagProps } from 'antd-mobile/es/components/tag';
import type { ReactNode } from 'react';

/** Kept on one line and small, so it sits beside a title or an amount without wrapping. */
const STYLE = { fontSize: 12, padding: '2px 8px', whiteSpace: 'nowrap' } as const;

/** A status as a small rounded tag, outlined unless told otherwise: one look for every status. */
export function StatusPill({
  color,
  fill = 'outline',
  children,
}: {
  color: TagProps['color'];
  fill?: TagProps['fill'];
  children: ReactNode;
}) {
  return (
    <Tag color={color} fill={fill} round style={STYLE}>
      {children}
    </Tag>
  );
}
