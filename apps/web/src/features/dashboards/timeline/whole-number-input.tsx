// A whole-number field on a plain TextInput: Mantine's NumberInput brings react-number-format (≈10 KB gzip)
// into the dashboard route's first load for two small fields.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface TWholeNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: number;
  /** Empty text is 0 (the caller's validation says what is wrong with it). */
  onChange: (value: number) => void;
  min?: number;
  max?: number;
}

export function WholeNumberInput({ value, onChange, min, max, ...props }: TWholeNumberInputProps) {
  const [text, setText] = useState(String(value));
  // A new value from outside (a preset) replaces what is typed; the typed text stays while it means the value.
  useEffect(() => {
    setText((current) => (Number.parseInt(current || '0', 10) === value ? current : String(value)));
  }, [value]);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      aria-valuemin={min}
      aria-valuemax={max}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, '');
        setText(digits);
        onChange(digits === '' ? 0 : Number.parseInt(digits, 10));
      }}
    />
  );
}
