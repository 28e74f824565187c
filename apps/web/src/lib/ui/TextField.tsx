import { TEXT_MAX_LENGTH } from '@sm/contract';
import Input, { type InputProps } from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import { Field } from './Field';

/**
 * A labelled text input: a Field around antd-mobile's Input of the same id, at most the spec's
 * 140 characters unless told otherwise (§9). `children` follow the input inside its border (a
 * unit, a send-code button).
 */
export function TextField({
  id,
  label,
  error,
  hint,
  children,
  maxLength = TEXT_MAX_LENGTH,
  ...input
}: Omit<InputProps, 'id' | 'children'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} maxLength={maxLength} {...input} />
      {children}
    </Field>
  );
}
