import { Box, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_KIND_LABELS, type TSearchResult } from '@strata/contracts/search';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearch } from '../api/search.ts';

/** Asks the server once the user pauses typing, not on every keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface TSearchDialogProps {
  repositoryId: string;
  /** Closes the dialog: after an item was opened, and on Escape. */
  onClose: () => void;
}

/**
 * The body of the global search dialog (Meta+K, 'Find anything'): a combobox over the current repository's
 * things, grouped by kind. The focus stays in the input; ArrowDown/ArrowUp move the highlighted result
 * (wrapping), Enter or a click opens it, Escape closes the dialog (here: the global Escape shortcut ignores
 * keys typed into a field).
 */
export function SearchDialog({ repositoryId, onClose }: TSearchDialogProps) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearch(repositoryId, debounced);
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const listId = useId();

  const groups = debounced === '' ? [] : (search.data?.groups ?? []);
  const results = groups.flatMap((group) => group.results);
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A new answer starts at its first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer changing is the trigger
  useEffect(() => {
    setActive(0);
  }, [search.data]);

  const open = (result: TSearchResult) => {
    void navigate(result.path);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + results.length) % results.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[Math.min(active, results.length - 1)];
      if (chosen) open(chosen);
    }
  };

  let index = -1;
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        aria-label="Search"
        placeholder="Search assets, transactions, tags…"
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
      />
      {debounced === '' ? (
        <Text size="sm" c="dimmed">
          Assets, currencies, accounts, transactions (description, account or amount), tags, contacts and
          documents of this repository. ↑ ↓ to move, Enter to open.
        </Text>
      ) : search.isError ? (
        <Text size="sm" c="red">
          {search.error.message}
        </Text>
      ) : search.data && groups.length === 0 && !search.isPlaceholderData ? (
        <Text size="sm" c="dimmed">
          Nothing found
        </Text>
      ) : null}
      <Box id={listId} role="listbox" aria-label="Search results" mah="60vh" style={{ overflowY: 'auto' }}>
        {groups.map((group) => (
          <Box key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} mb="xs">
            <Text id={`${listId}-${group.kind}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
              {SEARCH_KIND_LABELS[group.kind]}
            </Text>
            {group.results.map((result) => {
              index += 1;
              const position = index;
              const isActive = position === active;
              return (
                <UnstyledButton
                  key={`${result.kind}-${result.id}`}
                  id={optionId(position)}
                  role="option"
                  aria-selected={isActive}
                  tabIndex={-1}
                  onMouseMove={() => setActive(position)}
                  onClick={() => open(result)}
                  display="block"
                  w="100%"
                  px="xs"
                  py={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    background: isActive ? 'var(--mantine-color-default-hover)' : undefined,
                  }}
                >
                  <Text size="sm" truncate>
                    {result.title}
                  </Text>
                  {result.subtitle ? (
                    <Text size="xs" c="dimmed" truncate>
                      {result.subtitle}
                    </Text>
                  ) : null}
                </UnstyledButton>
              );
            })}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
