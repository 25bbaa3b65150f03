import { ActionIcon, Group, Kbd, Tooltip } from '@mantine/core';
import { IconBinaryTree, IconSearch } from '@tabler/icons-react';
import { RepositorySwitcher } from '../../features/repositories/components/repository-switcher.tsx';
import { UserMenu } from '../../features/session/components/user-menu.tsx';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle.tsx';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { openSearch } from '../shell/open-search.tsx';

export function AppShellActions() {
  return (
    <Group gap="xs" wrap="nowrap">
      <RepositorySwitcher />
      <Tooltip
        label={
          <>
            Search <Kbd size="xs">Ctrl K</Kbd>
          </>
        }
      >
        <ActionIcon variant="default" size="lg" aria-label="Search" onClick={openSearch}>
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={
          <>
            Asset tree <Kbd size="xs">/</Kbd>
          </>
        }
      >
        <ActionIcon variant="default" size="lg" aria-label="Asset tree" onClick={openAssetTree}>
          <IconBinaryTree size={18} />
        </ActionIcon>
      </Tooltip>
      <ColorSchemeToggle />
      <UserMenu />
    </Group>
  );
}
