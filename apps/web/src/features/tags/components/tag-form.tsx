import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { TTag } from '@strata/contracts/tags';
import { isReservedTagName, TAG_MESSAGES, validateTag } from '@strata/core/assets/tag-rules';
import { useState } from 'react';
import { ApiError, fieldMessagesOf } from '../../../shared/api/api-error.ts';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createTag, updateTag } from '../../assets/index.ts';

/**
 * 'Tag' / 'New tag' (linked seed §2, §5): name and value required, unique together; the name of a Category
 * or Subcategory tag is read-only. A create answered without an id is the seed's 'Unknown tag'.
 */
export function TagForm({
  repositoryId,
  tag,
  isReadOnly,
  onSaved,
}: {
  repositoryId: string;
  tag: TTag | null;
  isReadOnly: boolean;
  onSaved: (tag: TTag) => void;
}) {
  const [name, setName] = useState(tag?.tag_name ?? '');
  const [value, setValue] = useState(tag?.tag_value ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isNameLocked = tag !== null && isReservedTagName(tag.tag_name);
  const isChanged = tag === null || name !== tag.tag_name || value !== tag.tag_value;
  // A blank new tag has nothing to lose.
  const isEdited = tag === null ? name !== '' || value !== '' : isChanged;
  useUnsavedChanges(!isReadOnly && !isSaving && isEdited);

  const save = async () => {
    const check = validateTag({ tag_name: name, tag_value: value });
    if (!check.ok) {
      setErrors(Object.fromEntries(check.errors.map((error) => [error.field, error.message])));
      return;
    }
    setSaving(true);
    try {
      const saved = tag
        ? await updateTag(tag.id, { ...check.value, version: tag.version })
        : await createTag({ ...check.value, repository_id: repositoryId });
      if (!saved?.id) throw new ApiError({ status: null, message: TAG_MESSAGES.UNKNOWN_TAG });
      const label = `${saved.tag_name}: ${saved.tag_value}`;
      notifications.success(tag ? `Tag "${label}" updated` : `Tag "${label}" created`, {
        link: { to: `/tags/${saved.id}`, label: 'Open' },
      });
      onSaved(saved);
    } catch (error) {
      const fieldMessages = fieldMessagesOf(error);
      if (fieldMessages) setErrors(fieldMessages);
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Tag name"
        required
        value={name}
        readOnly={isReadOnly || isNameLocked}
        description={isNameLocked ? 'The name of a Category or Subcategory tag is fixed' : undefined}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.tag_name}
      />
      <TextInput
        label="Tag value"
        required
        value={value}
        readOnly={isReadOnly}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={errors.tag_value}
      />
      {!isReadOnly && (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={isSaving} disabled={!isChanged}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
