import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useOpenedItem } from '../../../shared/recent/use-recent-items.ts';
import { ItemDialog } from '../../../shared/ui/item-dialog.tsx';
import { useCurrentRepository } from '../../repositories/index.ts';
import { contactsKey, useContacts } from '../api/contacts.ts';
import { ContactForm } from '../components/contact-form.tsx';

/** `/contacts/{id}`: 'Contact' in a small dialog over the list. */
export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { repository, permissions } = useCurrentRepository();
  const contacts = useContacts(repository?.id);
  const contact = (contacts.data ?? []).find((candidate) => candidate.id === id) ?? null;
  useOpenedItem(
    repository?.id,
    contact && { kind: 'contact', label: contact.name, href: `/contacts/${contact.id}` },
  );
  return (
    <ItemDialog title="Contact" listPath="/contacts">
      {contact && repository ? (
        <ContactForm
          key={contact.updated_at}
          repositoryId={repository.id}
          contact={contact}
          isReadOnly={!permissions?.canWrite}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: contactsKey(repository.id) });
            void navigate('/contacts');
          }}
        />
      ) : (
        !contacts.isLoading && <Text c="dimmed">This contact does not exist in the current repository.</Text>
      )}
    </ItemDialog>
  );
}
