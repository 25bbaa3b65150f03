import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useDateDisplay } from '../lib/date-format.tsx';

export type TDateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** `YYYY-MM-DD`, '' for none; anything else is what the user typed that is not a date yet. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed in the user's format (settings `dateFormat`; the ISO form is always understood). The form
 * gets `YYYY-MM-DD` once the text is a calendar date, else the text itself, so its own check says what is
 * wrong. A browser `type="date"` input would follow the browser's locale instead of the user's setting.
 */
export function DateField({ value, onChange, onBlur, placeholder, ...rest }: TDateFieldProps) {
  const display = useDateDisplay();
  const [text, setText] = useState(() => display.date(value));
  const emitted = useRef(value);
  // A value set from outside (a reset, a loaded record, another format) replaces the text.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(display.date(value));
    }
  }, [value, display]);
  const format = useRef(display.format);
  useEffect(() => {
    if (format.current === display.format) return;
    format.current = display.format;
    setText(display.date(emitted.current));
  }, [display]);
  return (
    <TextInput
      {...rest}
      value={text}
      placeholder={placeholder ?? display.format}
      // No numeric keypad: on phones it lacks the '/' the day-first and month-first formats need.
      autoComplete="off"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = next.trim() === '' ? '' : (display.parse(next) ?? next);
        emitted.current = parsed;
        onChange(parsed);
      }}
      onBlur={(event) => {
        const parsed = display.parse(text);
        if (parsed) setText(display.date(parsed));
        onBlur?.(event);
      }}
    />
  );
}
