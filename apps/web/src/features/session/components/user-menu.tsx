import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconLogout, IconSettings, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { installPrompt, useCanInstall } from '../../../shared/pwa/install-prompt.ts';
import { useSession } from '../../auth/index.ts';
import { signOut } from '../sign-out.ts';

/** The header's account menu: who is signed in, settings, the security page, installing the app, sign-out. */
export function UserMenu() {
  const { data } = useSession();
  const canInstall = useCanInstall();
  const user = data?.user;
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Tooltip label="Account">
          <ActionIcon variant="default" size="lg" aria-label="Account menu">
            <IconUserCircle size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="sm" fw={600} c="bright" truncate>
              {user.name || user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/account" leftSection={<IconShieldLock size={16} />}>
          Account security
        </Menu.Item>
        {canInstall && (
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void installPrompt.install()}>
            Install Strata
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
