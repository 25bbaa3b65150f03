import { Button, Group, MultiSelect, Stack, TagsInput, Text } from '@mantine/core';
import type { TLinkedTransaction, TLinkedTransactionTag } from '@strata/contracts/linked-transactions';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createLinkedTag, linkedTagsKey, useLinkedTransactionTags } from '../api/linked-transactions.ts';
import { writeLinkedRows } from '../linked-row-writes.ts';

/** Linked seed §2, the bulk menu for selected rows. */
export const BULK_TAG_TEXTS = {
  ADD: 'Add tags',
  REMOVE: 'Remove tags',
  ADD_PROMPT: 'Tags to add (pick or type a new one)',
  REMOVE_PROMPT: 'Select tags to remove',
} as const;

export interface TLinkedTagsDialogProps {
  mode: 'add' | 'remove';
  repositoryId: string;
  rows: readonly TLinkedTransaction[];
  onSaved: (rows: TLinkedTransaction[]) => void;
  onClose: () => void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Adds tags to, or removes them from, the selected rows in one all-or-nothing update. Adding offers the
 * repository's tags and makes the ones typed anew (seed §9: tag creation is on by default); removing offers
 * the tags the selected rows carry.
 */
export function LinkedTagsDialog({ mode, repositoryId, rows, onSaved, onClose }: TLinkedTagsDialogProps) {
  const queryClient = useQueryClient();
  const tags = useLinkedTransactionTags(repositoryId);
  const [picked, setPicked] = useState<string[]>([]);
  const [isSaving, setSaving] = useState(false);
  const isAdd = mode === 'add';

  const onRows = useMemo(() => {
    const byId = new Map<string, string>();
    for (const row of rows) for (const tag of row.tags) byId.set(tag.id, tag.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [rows]);

  /** The picked names as tag ids, making the new ones first. */
  const idsOf = async (names: readonly string[], known: readonly TLinkedTransactionTag[]) => {
    const ids: string[] = [];
    let isCreated = false;
    for (const name of names) {
      const found = known.find((tag) => sameName(tag.name, name));
      if (found) ids.push(found.id);
      else {
        ids.push((await createLinkedTag(repositoryId, name.trim())).id);
        isCreated = true;
      }
    }
    if (isCreated) await queryClient.invalidateQueries({ queryKey: linkedTagsKey(repositoryId) });
    return ids;
  };

  const save = async () => {
    setSaving(true);
    try {
      let ids: string[];
      try {
        ids = isAdd ? await idsOf(picked, tags.data ?? []) : picked;
      } catch (error) {
        notifyError(error);
        return;
      }
      const saved = await writeLinkedRows(
        repositoryId,
        rows.map((row) => (isAdd ? { id: row.id, add_tags: ids } : { id: row.id, remove_tags: ids })),
        'tags',
      );
      if (saved) {
        onSaved(saved);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {rows.length === 1 ? '1 selected row' : `${rows.length} selected rows`}
      </Text>
      {isAdd ? (
        <TagsInput
          label={BULK_TAG_TEXTS.ADD_PROMPT}
          data={(tags.data ?? []).map((tag) => tag.name)}
          value={picked}
          onChange={setPicked}
          maxLength={255}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      ) : (
        <MultiSelect
          label={BULK_TAG_TEXTS.REMOVE_PROMPT}
          data={onRows}
          value={picked}
          onChange={setPicked}
          nothingFoundMessage="The selected rows have no tags"
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color={isAdd ? undefined : 'red'}
          disabled={picked.length === 0}
          loading={isSaving}
          onClick={() => void save()}
        >
          {isAdd ? 'Add' : 'Remove'}
        </Button>
      </Group>
    </Stack>
  );
}

export function openLinkedTagsDialog(props: Omit<TLinkedTagsDialogProps, 'onClose'>): void {
  modals.open({
    id: 'linked-tags-dialog',
    kind: 'dialog',
    size: 'sm',
    title: props.mode === 'add' ? BULK_TAG_TEXTS.ADD : BULK_TAG_TEXTS.REMOVE,
    render: ({ close }) => <LinkedTagsDialog {...props} onClose={() => void close()} />,
  });
}
