import { Anchor, Button, Group, Kbd, NavLink, Stack, Text } from '@mantine/core';
import { IconBinaryTree, IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AccessLevelBadge } from '../../features/repositories/components/repository-badges.tsx';
import { useCurrentRepository } from '../../features/repositories/use-current-repository.ts';
import { useRecentItems } from '../../shared/recent/use-recent-items.ts';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { openSearch } from '../shell/open-search.tsx';

/**
 * The desktop side panel: the repository in use, its owner and currency, the two ways into its data, and the
 * items opened lately in it (what a user goes back to most).
 */
export function RepositoryPanel() {
  const { repository, isLoading } = useCurrentRepository();
  const recent = useRecentItems(repository?.id);
  const { pathname } = useLocation();
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
          {isLoading ? (
            'Loading…'
          ) : (
            <>
              No repository yet: create one from the switcher above, or{' '}
              <Anchor component={Link} to="/move-in" size="sm">
                move in from another tool
              </Anchor>
              .
            </>
          )}
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
      {repository && (
        <nav aria-label="Recently opened">
          <Text fw={600} size="sm" mt="sm" mb={4}>
            Recently opened
          </Text>
          {recent.length === 0 ? (
            <Text size="xs" c="dimmed">
              Assets, transactions and other items you open appear here.
            </Text>
          ) : (
            recent.map((item) => (
              <NavLink
                key={item.href}
                component={Link}
                to={item.href}
                active={pathname === item.href || pathname.startsWith(`${item.href}/`)}
                label={
                  <Text size="sm" truncate="end">
                    {item.label}
                  </Text>
                }
                description={item.kind}
                py={4}
                px={6}
              />
            ))
          )}
        </nav>
      )}
      <Text size="xs" c="dimmed">
        Press <Kbd size="xs">Q</Kbd> to hide this panel.
      </Text>
    </Stack>
  );
}
