import { ActionIcon, Anchor, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TContact } from '@strata/contracts/contacts';
import { IconLinkOff, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { guardedDialogScope, UnsavedScope } from '../../../shared/forms/use-unsaved-changes.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { contactsKey, deleteContact, updateContact, useContacts } from '../api/contacts.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * Contacts of a repository, or those linked to one asset (then: link an existing contact, unlink, or make
 * a new one already linked).
 */
export function ContactList({
  repositoryId,
  assetId,
  canWrite,
  search = '',
}: {
  repositoryId: string;
  assetId?: string;
  canWrite: boolean;
  search?: string;
}) {
  const queryClient = useQueryClient();
  const contacts = useContacts(repositoryId, assetId);
  const everyone = useContacts(assetId ? repositoryId : undefined);
  const needle = search.trim().toLowerCase();
  const rows = (contacts.data ?? []).filter(
    (contact) =>
      needle === '' ||
      [contact.name, contact.email, contact.phone, contact.company].join(' ').toLowerCase().includes(needle),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactsKey(repositoryId) });

  const openForm = (contact: TContact | null) => {
    const guard = guardedDialogScope();
    modals.open({
      kind: 'dialog',
      title: contact ? 'Contact' : 'New contact',
      size: 'sm',
      canClose: guard.canClose,
      render: ({ close }) => (
        <UnsavedScope scope={guard.scope} isRoute={false}>
          <ContactForm
            repositoryId={repositoryId}
            contact={contact}
            assetIds={assetId ? [assetId] : []}
            isReadOnly={!canWrite}
            onDone={() => {
              void refresh();
              void close();
            }}
          />
        </UnsavedScope>
      ),
    });
  };
  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifications.success(message);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = async (contact: TContact) => {
    if (assetId) {
      await act(
        () => updateContact(contact.id, { assets: contact.assets.filter((id) => id !== assetId) }),
        `Contact ${contact.name} unlinked`,
      );
      return;
    }
    const isConfirmed = await confirmAction({
      title: 'Delete contact',
      message: `Delete ${contact.name}?`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (isConfirmed) await act(() => deleteContact(contact.id), `Contact ${contact.name} deleted`);
  };
  const linkable = (everyone.data ?? []).filter((contact) => !rows.some((row) => row.id === contact.id));

  return (
    <Stack gap="sm">
      {canWrite && (
        <Group gap="xs">
          <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => openForm(null)}>
            New contact
          </Button>
          {assetId && linkable.length > 0 && (
            <Select
              size="xs"
              aria-label="Link a contact"
              placeholder="Link a contact"
              data={linkable.map((contact) => ({ value: contact.id, label: contact.name }))}
              value={null}
              searchable
              onChange={(id) => {
                const contact = linkable.find((candidate) => candidate.id === id);
                if (contact)
                  void act(
                    () => updateContact(contact.id, { assets: [...contact.assets, assetId] }),
                    `Contact ${contact.name} linked`,
                  );
              }}
            />
          )}
        </Group>
      )}
      <Table striped highlightOnHover aria-label="Contacts" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => openForm(contact)}>
                  {contact.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{contact.email}</Table.Td>
              <Table.Td>{contact.phone}</Table.Td>
              <Table.Td>{contact.company}</Table.Td>
              <Table.Td>
                {canWrite && (
                  <Tooltip label={assetId ? 'Unlink' : 'Delete'}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${assetId ? 'Unlink' : 'Delete'} ${contact.name}`}
                      onClick={() => void remove(contact)}
                    >
                      {assetId ? <IconLinkOff size={16} /> : <IconTrash size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!contacts.isLoading && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No contacts yet.
        </Text>
      )}
    </Stack>
  );
}
