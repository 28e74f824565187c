import { TEXT_MAX_LENGTH } from '@sm/contract';
import Input, { type InputProps, type InputRef } from 'antd-mobile/es/components/input';
import type { Ref } from 'react';

/** antd-mobile's Input with the spec's default maximum length of 140 (§9). */
export function TextInput({
  maxLength = TEXT_MAX_LENGTH,
  ref,
  ...props
}: InputProps & { ref?: Ref<InputRef> }) {
  return <Input ref={ref} maxLength={maxLength} {...props} />;
}
