import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

export interface TSearchInputProps {
  /** The search in use (what the list was last asked with). */
  value: string;
  /** Called `delayMs` after the last keystroke, with the trimmed text; at once when cleared. */
  onChange: (search: string) => void;
  delayMs?: number;
  placeholder?: string;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  w?: number | string;
}

/** A list's search box: typing asks the server once the user pauses, not on every keystroke. */
export function SearchInput({
  value,
  onChange,
  delayMs = SEARCH_DELAY_MS,
  placeholder = 'Search',
  label,
  w = 260,
}: TSearchInputProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onChange(trimmed);
  };
  const debounced = useDebouncedCallback(send, delayMs);

  // The list reset its search (e.g. another repository): show that, not the stale text.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      w={w}
      aria-label={label ?? placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          debounced.cancel();
          send(text);
        }
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              debounced.cancel();
              setText('');
              send('');
            }}
          />
        ) : null
      }
    />
  );
}
