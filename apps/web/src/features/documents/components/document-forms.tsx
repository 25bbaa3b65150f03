import { Button, FileInput, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import type { TDocumentTag } from '@strata/contracts/documents';
import { validateDocument } from '@strata/core/documents/document-rules';
import { useState } from 'react';
import { fieldMessagesOf } from '../../../shared/api/api-error.ts';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createDocument, createFileDocument, updateDocument } from '../api/documents.ts';

export const LINK_SOURCE_OPTIONS = [
  { value: 'url', label: 'Link' },
  { value: 'google_drive', label: 'Google Drive' },
  { value: 'dropbox', label: 'Dropbox' },
  { value: 'one_drive', label: 'OneDrive' },
];

interface TFormProps {
  repositoryId: string;
  assetId: string | null;
  documentTags: readonly TDocumentTag[];
  onDone: () => void;
}

function errorsOf(fields: { field: string; message: string }[]): Record<string, string> {
  return Object.fromEntries(fields.map((error) => [error.field, error.message]));
}

/** 'New document': a link (optional http(s), a dotted host, an optional path) of one of the link sources. */
export function LinkDocumentForm({ repositoryId, assetId, documentTags, onDone }: TFormProps) {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [source, setSource] = useState('url');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(!isSaving && (name !== '' || path !== '' || source !== 'url' || tagIds.length > 0));
  const save = async () => {
    const check = validateDocument({ name, path, source });
    if (!check.ok) {
      setErrors(errorsOf(check.errors));
      return;
    }
    setSaving(true);
    try {
      const created = await createDocument({
        repository_id: repositoryId,
        asset_id: assetId,
        name: check.value.name,
        path: check.value.path,
        source,
        tags: tagIds,
      });
      notifications.success(`Document ${created.name} created`);
      onDone();
    } catch (error) {
      setErrors(fieldMessagesOf(error) ?? {});
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
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Select
        label="Source"
        data={LINK_SOURCE_OPTIONS}
        value={source}
        allowDeselect={false}
        onChange={(v) => setSource(v ?? 'url')}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label="Link"
        required
        placeholder="https://example.com/report.pdf"
        value={path}
        onChange={(e) => {
          setPath(e.currentTarget.value);
          setErrors({});
        }}
        error={errors.path}
      />
      <DocumentTagsInput documentTags={documentTags} value={tagIds} onChange={setTagIds} />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={isSaving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** 'New file': a stored file, uploaded with the presigned POST the server answers. */
export function FileDocumentForm({ repositoryId, assetId, documentTags, onDone }: TFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  useUnsavedChanges(!isSaving && (file !== null || name !== '' || tagIds.length > 0));
  const save = async () => {
    const check = validateDocument({
      name,
      source: 'file',
      filename: file?.name ?? '',
      content_type: file?.type || undefined,
    });
    if (!check.ok || !file) {
      setErrors(check.ok ? { filename: 'Field is required' } : errorsOf(check.errors));
      return;
    }
    setSaving(true);
    try {
      const created = await createFileDocument(
        { repository_id: repositoryId, asset_id: assetId, name: check.value.name, source: 'file' },
        file,
        file.name,
      );
      if (tagIds.length > 0) await updateDocument(created.id, { tags: tagIds });
      notifications.success(`Document ${created.name} created`);
      onDone();
    } catch (error) {
      setErrors(fieldMessagesOf(error) ?? {});
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <FileInput
        label="File"
        required
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          if (chosen && name.trim() === '') setName(chosen.name);
          setErrors({});
        }}
        error={errors.filename ?? errors.content_type}
        clearable
      />
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <DocumentTagsInput documentTags={documentTags} value={tagIds} onChange={setTagIds} />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={isSaving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function DocumentTagsInput({
  documentTags,
  value,
  onChange,
}: {
  documentTags: readonly TDocumentTag[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  if (documentTags.length === 0) return null;
  return (
    <MultiSelect
      label="Document tags"
      data={documentTags.map((tag) => ({ value: tag.id, label: tag.name }))}
      value={value}
      onChange={onChange}
      searchable
      comboboxProps={{ withinPortal: false }}
    />
  );
}
