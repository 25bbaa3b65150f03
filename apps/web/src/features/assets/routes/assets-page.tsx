import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { assetFamily } from '@strata/core/assets/asset-rules';
import { IconArrowBackUp, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useCurrentRepository } from '../../repositories/use-current-repository.ts';
import { assetsKey, deleteAsset, restoreAsset, useAssets, useTags } from '../api/assets.ts';
import { AssetForm } from '../components/asset-form.tsx';

/**
 * Assets and holding accounts of the current repository, with search, the trash and the new-asset form.
 * First cut: the asset drawer's tabs (prices, positions, documents …) are still placeholders.
 */
export function Component() {
  const queryClient = useQueryClient();
  const { repository, permissions } = useCurrentRepository();
  const assets = useAssets(repository?.id);
  const tags = useTags(repository?.id);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'live' | 'trash'>('live');
  const [isFormOpen, setFormOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: assetsKey(repository?.id ?? 'none') });

  if (!repository) {
    return (
      <Stack p="md">
        <Title order={1} size="h3">
          Assets
        </Title>
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      </Stack>
    );
  }
  const needle = search.trim().toLowerCase();
  const rows = (assets.data ?? [])
    .filter((asset) => assetFamily(asset.type) !== 'currency' && !asset.is_readonly)
    .filter((asset) => (view === 'trash' ? asset.deleted_at !== null : asset.deleted_at === null))
    .filter(
      (asset) =>
        needle === '' || `${asset.name} ${asset.ticker ?? ''} ${asset.type}`.toLowerCase().includes(needle),
    );
  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifications.success(message);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Assets
        </Title>
        <Group>
          <SegmentedControl
            size="xs"
            aria-label="Show"
            value={view}
            onChange={(value) => setView(value as 'live' | 'trash')}
            data={[
              { value: 'live', label: 'Assets' },
              { value: 'trash', label: 'Trash' },
            ]}
          />
          {permissions?.canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormOpen(true)}>
              New asset
            </Button>
          )}
        </Group>
      </Group>
      <TextInput
        aria-label="Search assets"
        placeholder="Search name, ticker or type"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Table striped highlightOnHover aria-label="Assets" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Ticker</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((asset) => (
            <Table.Tr key={asset.id}>
              <Table.Td>{asset.name}</Table.Td>
              <Table.Td>{asset.ticker}</Table.Td>
              <Table.Td>{asset.type}</Table.Td>
              <Table.Td>{asset.currency}</Table.Td>
              <Table.Td>
                {permissions?.canWrite &&
                  (view === 'live' ? (
                    <Tooltip label="Move to the trash">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${asset.name}`}
                        onClick={() =>
                          void act(() => deleteAsset(asset.id), `${asset.name} moved to the trash`)
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label="Restore">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Restore ${asset.name}`}
                        onClick={() => void act(() => restoreAsset(asset.id), `${asset.name} restored`)}
                      >
                        <IconArrowBackUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {rows.length} {view === 'trash' ? 'in the trash' : 'assets and accounts'}
      </Text>
      <Drawer
        opened={isFormOpen}
        onClose={() => setFormOpen(false)}
        position="right"
        size="md"
        title="New asset"
      >
        {isFormOpen && (
          <AssetForm
            repositoryId={repository.id}
            currency={repository.currency}
            tags={tags.data ?? []}
            onCreated={() => {
              setFormOpen(false);
              void refresh();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
