import { ActionIcon, Button, Group, Kbd, Tooltip } from '@mantine/core';
import { IconBinaryTree, IconSearch } from '@tabler/icons-react';
import { RepositorySwitcher } from '../../features/repositories/components/repository-switcher.tsx';
import { UserMenu } from '../../features/session/components/user-menu.tsx';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle.tsx';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { AssistantDrawerButton, AssistantHeaderButton } from '../shell/open-assistant.tsx';
import { openSearch } from '../shell/open-search.tsx';

/**
 * The header's tools. On a phone (`isCompact`) only the switcher (narrower), search and the user menu fit
 * in 390 px; the asset tree, the assistant and the colour toggle move to the navigation drawer (MobileShellTools).
 */
export function AppShellActions({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <Group gap={isCompact ? 6 : 'xs'} wrap="nowrap">
      <RepositorySwitcher isCompact={isCompact} />
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
      {!isCompact && (
        <>
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
          <AssistantHeaderButton />
          <ColorSchemeToggle />
        </>
      )}
      <UserMenu />
    </Group>
  );
}

/** What the phone header leaves out, at the top of the navigation drawer. */
export function MobileShellTools({ onDone }: { onDone: () => void }) {
  return (
    <Group gap="xs" px="xs" pb="xs" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconBinaryTree size={16} />}
        onClick={() => {
          onDone();
          openAssetTree();
        }}
      >
        Asset tree
      </Button>
      <AssistantDrawerButton onDone={onDone} />
      <ColorSchemeToggle />
    </Group>
  );
}
