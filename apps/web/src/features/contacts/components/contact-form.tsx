import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { TContact } from '@strata/contracts/contacts';
import { validateContact } from '@strata/core/documents/document-rules';
import { useState } from 'react';
import { fieldMessagesOf } from '../../../shared/api/api-error.ts';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createContact, updateContact } from '../api/contacts.ts';

/** 'Contact' / 'New contact' (linked seed §2): name required, the rest limited text. */
export function ContactForm({
  repositoryId,
  contact,
  assetIds,
  isReadOnly,
  onDone,
}: {
  repositoryId: string;
  contact: TContact | null;
  /** A new contact made from an asset's tab is linked to it. */
  assetIds?: string[];
  isReadOnly: boolean;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    notes: contact?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const [initial] = useState(draft);
  useUnsavedChanges(!isReadOnly && !isSaving && JSON.stringify(draft) !== JSON.stringify(initial));
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    readOnly: isReadOnly,
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value }),
  });
  const save = async () => {
    const check = validateContact(draft);
    if (!check.ok) {
      setErrors(Object.fromEntries(check.errors.map((error) => [error.field, error.message])));
      return;
    }
    setSaving(true);
    try {
      const saved = contact
        ? await updateContact(contact.id, { ...check.value, version: contact.version })
        : await createContact({ ...check.value, repository_id: repositoryId, assets: assetIds ?? [] });
      notifications.success(`Contact ${saved.name} ${contact ? 'updated' : 'created'}`);
      onDone();
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
      <TextInput label="Name" required {...field('name')} />
      <TextInput label="Email" type="email" {...field('email')} />
      <TextInput label="Phone" {...field('phone')} />
      <TextInput label="Company" {...field('company')} />
      <Textarea label="Notes" autosize minRows={2} {...field('notes')} />
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
