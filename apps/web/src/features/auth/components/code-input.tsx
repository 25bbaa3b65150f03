import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { CODE_LENGTH } from '../auth-forms.ts';

/** A 6-digit code field that phones fill from the SMS/e-mail suggestion bar (`one-time-code`). */
export const CodeInput = forwardRef<HTMLInputElement, TextInputProps>(function CodeInput(props, ref) {
  return (
    <TextInput
      ref={ref}
      label="Code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={CODE_LENGTH}
      placeholder="123456"
      {...props}
    />
  );
});
