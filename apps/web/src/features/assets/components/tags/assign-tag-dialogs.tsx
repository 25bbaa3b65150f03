import { Autocomplete, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { TAssetTag, TTag } from '@strata/contracts/tags';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import { useState } from 'react';
import { notifyError } from '../../../../shared/notifications/notify-error.ts';

/** What assigning a pair to an asset would meet (seed §5), before asking the server. */
export function assignProblem(
  pair: { tag_name: string; tag_value: string },
  assetTags: readonly TAssetTag[],
  tags: readonly TTag[],
): { message: string } | { tag: TTag } {
  const name = pair.tag_name.trim();
  const value = pair.tag_value.trim();
  if (assetTags.some((tag) => tag.tag_name.toLowerCase() === name.toLowerCase())) {
    return { message: TAG_MESSAGES.DUPLICATE };
  }
  const tag = tags.find((candidate) => candidate.tag_name === name && candidate.tag_value === value);
  return tag ? { tag } : { message: TAG_MESSAGES.NO_SUCH_TAG };
}

/** The 'Assign tag' dialog: a name and a value among the repository's tags, button 'Add'. */
export function AssignTagForm({
  tags,
  assetTags,
  onAssign,
  onDone,
}: {
  tags: readonly TTag[];
  assetTags: readonly TAssetTag[];
  onAssign: (tag: TTag) => Promise<void>;
  onDone: () => void;
}) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const names = [...new Set(tags.map((tag) => tag.tag_name))].sort();
  const values = [...new Set(tags.filter((tag) => tag.tag_name === name).map((tag) => tag.tag_value))].sort();

  const add = async () => {
    const found = assignProblem({ tag_name: name, tag_value: value }, assetTags, tags);
    if ('message' in found) {
      setError(found.message);
      return;
    }
    setSaving(true);
    try {
      await onAssign(found.tag);
      onDone();
    } catch (caught) {
      notifyError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Autocomplete
        label="Tag name"
        data={names}
        value={name}
        onChange={(next) => {
          setName(next);
          setError(null);
        }}
      />
      <Autocomplete
        label="Tag value"
        data={values}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void add()}
          loading={isSaving}
          disabled={name.trim() === '' || value.trim() === ''}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}

/** The 'Remove tag' dialog: 'Select tag to remove', button 'Remove'. */
export function RemoveTagForm({
  assetTags,
  onRemove,
  onDone,
}: {
  assetTags: readonly TAssetTag[];
  onRemove: (tag: TAssetTag) => Promise<void>;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const remove = async () => {
    const tag = assetTags.find((candidate) => candidate.id === chosen);
    if (!tag) return;
    setSaving(true);
    try {
      await onRemove(tag);
      onDone();
    } catch (caught) {
      notifyError(caught);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Select
        label="Select tag to remove"
        data={assetTags.map((tag) => ({ value: tag.id, label: `${tag.tag_name}: ${tag.tag_value}` }))}
        value={chosen}
        onChange={setChosen}
        comboboxProps={{ withinPortal: false }}
      />
      <Group justify="flex-end">
        <Button color="red" onClick={() => void remove()} loading={isSaving} disabled={!chosen}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}
