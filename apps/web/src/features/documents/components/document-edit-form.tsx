import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import type { TDocument, TDocumentTag } from '@strata/contracts/documents';
import { isFileSource, validateDocument } from '@strata/core/documents/document-rules';
import { useState } from 'react';
import { fieldMessagesOf } from '../../../shared/api/api-error.ts';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { updateDocument } from '../api/documents.ts';
import { LINK_SOURCE_OPTIONS } from './document-forms.tsx';

/** An existing document: its name, tags and — for links — the link and its source. */
export function DocumentEditForm({
  document,
  documentTags,
  isReadOnly,
  onSaved,
}: {
  document: TDocument;
  documentTags: readonly TDocumentTag[];
  isReadOnly: boolean;
  onSaved: () => void;
}) {
  const isFile = isFileSource(document.source);
  const [name, setName] = useState(document.name);
  const [path, setPath] = useState(document.path ?? '');
  const [source, setSource] = useState<string>(document.source);
  const [tags, setTags] = useState<string[]>(document.tags);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isChanged =
    name !== document.name ||
    path !== (document.path ?? '') ||
    source !== document.source ||
    tags.join() !== document.tags.join();
  useUnsavedChanges(!isReadOnly && !isSaving && isChanged);
  const save = async () => {
    const check = validateDocument(
      isFile
        ? { name, source, filename: document.filename, content_type: document.content_type }
        : { name, source, path },
    );
    if (!check.ok) {
      setErrors(Object.fromEntries(check.errors.map((error) => [error.field, error.message])));
      return;
    }
    setSaving(true);
    try {
      const fields = isFile ? { name, tags } : { name, path, source, tags };
      const saved = await updateDocument(document.id, { ...fields, version: document.version });
      notifications.success(`Document ${saved.name} updated`);
      onSaved();
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
        label="Name"
        required
        value={name}
        readOnly={isReadOnly}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      {isFile ? (
        <TextInput label="File" value={document.filename ?? ''} readOnly />
      ) : (
        <>
          <Select
            label="Source"
            data={LINK_SOURCE_OPTIONS}
            value={source}
            allowDeselect={false}
            readOnly={isReadOnly}
            onChange={(v) => setSource(v ?? 'url')}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label="Link"
            required
            value={path}
            readOnly={isReadOnly}
            onChange={(e) => setPath(e.currentTarget.value)}
            error={errors.path}
          />
        </>
      )}
      {documentTags.length > 0 && (
        <MultiSelect
          label="Document tags"
          data={documentTags.map((tag) => ({ value: tag.id, label: tag.name }))}
          value={tags}
          onChange={setTags}
          readOnly={isReadOnly}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      {!isReadOnly && (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={isSaving}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
