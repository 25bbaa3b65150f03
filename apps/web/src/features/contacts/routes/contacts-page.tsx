import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useCurrentRepository } from '../../repositories/index.ts';
import { ContactList } from '../components/contact-list.tsx';

/** `/contacts`: the repository's contacts with search; a contact opens in its dialog. */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const [search, setSearch] = useState('');
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">
        Contacts
      </Title>
      {repository ? (
        <>
          <TextInput
            aria-label="Search contacts"
            placeholder="Search name, email, phone or company"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <ContactList
            repositoryId={repository.id}
            canWrite={Boolean(permissions?.canWrite)}
            search={search}
          />
        </>
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
      <Outlet />
    </Stack>
  );
}
