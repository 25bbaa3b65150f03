import { Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { IconBinaryTree, IconSearch } from '@tabler/icons-react';
import { AccessLevelBadge } from '../../features/repositories/components/repository-badges.tsx';
import { useCurrentRepository } from '../../features/repositories/use-current-repository.ts';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { openSearch } from '../shell/open-search.tsx';

/** The desktop side panel: the repository in use, its owner and currency, and the two ways into its data. */
export function RepositoryPanel() {
  const { repository, isLoading } = useCurrentRepository();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Repository
      </Text>
      {repository ? (
        <>
          <Text size="sm" fw={500} lineClamp={2} data-testid="panel-repository-name">
            {repository.name}
          </Text>
          <Group gap={6}>
            <AccessLevelBadge accessType={repository.access_type} />
            <Text size="xs" c="dimmed">
              {repository.currency}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            Owner: {repository.owner}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {isLoading ? 'Loading…' : 'No repository yet: create one from the switcher above.'}
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        justify="space-between"
        leftSection={<IconBinaryTree size={14} />}
        rightSection={<Kbd size="xs">/</Kbd>}
        onClick={openAssetTree}
        mt="xs"
      >
        Browse assets
      </Button>
      <Button
        variant="default"
        size="xs"
        justify="space-between"
        leftSection={<IconSearch size={14} />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        onClick={openSearch}
      >
        Find anything
      </Button>
      <Text size="xs" c="dimmed">
        Press <Kbd size="xs">Q</Kbd> to hide this panel.
      </Text>
    </Stack>
  );
}
