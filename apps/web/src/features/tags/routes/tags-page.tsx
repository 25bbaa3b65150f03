import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { TTag } from '@strata/contracts/tags';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { deleteTag, tagsKey, useTags } from '../../assets/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';

/** `/tags`: the repository's name/value tags with the number of assets carrying each; items in a dialog. */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const tags = useTags(repository?.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const canWrite = Boolean(permissions?.canWrite);
  const needle = search.trim().toLowerCase();
  const rows = (tags.data ?? [])
    .filter((tag) => needle === '' || `${tag.tag_name}: ${tag.tag_value}`.toLowerCase().includes(needle))
    .sort((a, b) => a.tag_name.localeCompare(b.tag_name) || a.tag_value.localeCompare(b.tag_value));

  const remove = async (tag: TTag) => {
    const isConfirmed = await confirmAction({
      title: 'Delete tag',
      message: `Delete the tag ${tag.tag_name}: ${tag.tag_value}?`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (!isConfirmed) return;
    const progress = notifications.progress('deleting-tag', 'Deleting tag');
    try {
      await deleteTag(tag.id);
      notifications.resolve(progress, 'Tag deleted');
      await queryClient.invalidateQueries({ queryKey: tagsKey(repository?.id ?? 'none') });
    } catch (error) {
      notifications.remove(progress);
      notifyError(error);
    }
  };

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Tags
        </Title>
        {canWrite && repository && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/tags/new')}>
            New tag
          </Button>
        )}
      </Group>
      {!repository ? (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      ) : (
        <>
          <TextInput
            aria-label="Search tags"
            placeholder="Search name or value"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Table striped highlightOnHover aria-label="Tags" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Assets</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((tag) => (
                <Table.Tr key={tag.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/tags/${tag.id}`} size="sm">
                      {tag.tag_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{tag.tag_value}</Table.Td>
                  <Table.Td>{tag.assets.length}</Table.Td>
                  <Table.Td>
                    {canWrite && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${tag.tag_name}: ${tag.tag_value}`}
                          onClick={() => void remove(tag)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {rows.length} tags
          </Text>
        </>
      )}
      <Outlet />
    </Stack>
  );
}
