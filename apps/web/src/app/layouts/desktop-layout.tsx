import { ActionIcon, AppShell, type AppShellProps, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { AppShellActions } from './app-shell-actions.tsx';
import { Brand } from './brand.tsx';
import { isLinkActive, isSectionActive } from './nav-items.ts';
import { RepositoryPanel } from './repository-panel.tsx';
import { useNavSections } from './use-nav-sections.ts';

function TopNavigation() {
  const { pathname } = useLocation();
  const sections = useNavSections();
  return (
    <Group gap={4} component="nav" aria-label="Main">
      {sections.map((section) => {
        const isActive = isSectionActive(section, pathname);
        const variant = isActive ? 'light' : 'subtle';
        if (section.to) {
          return (
            <Button
              key={section.label}
              component={Link}
              to={section.to}
              variant={variant}
              color={isActive ? undefined : 'gray'}
            >
              {section.label}
            </Button>
          );
        }
        return (
          <Menu key={section.label} position="bottom-start" shadow="md" width={220}>
            <Menu.Target>
              <Button
                variant={variant}
                color={isActive ? undefined : 'gray'}
                rightSection={<IconChevronDown size={14} />}
              >
                {section.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(section.items ?? []).map((item) => (
                <Menu.Item
                  key={item.to}
                  component={Link}
                  to={item.to}
                  fw={isLinkActive(item, pathname) ? 600 : undefined}
                >
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}

/** The desktop shell's frame: a 60 px header, and the repository panel at the side unless the user hid it. */
export function desktopShellProps(
  isNavbarOpened: boolean,
): Pick<AppShellProps, 'header' | 'navbar' | 'padding'> {
  return {
    header: { height: 60 },
    navbar: { width: 260, breakpoint: 0, collapsed: { desktop: !isNavbarOpened, mobile: !isNavbarOpened } },
    padding: 'md',
  };
}

/** Wide screens: the header with the top navigation, and the repository panel (the page is AppLayout's). */
export function DesktopChrome({
  isNavbarOpened,
  onToggleNavbar,
}: {
  isNavbarOpened: boolean;
  onToggleNavbar: () => void;
}) {
  const toggleLabel = isNavbarOpened ? 'Hide side panel' : 'Show side panel';
  return (
    <>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={`${toggleLabel} (Q)`}>
                <ActionIcon variant="subtle" color="gray" aria-label={toggleLabel} onClick={onToggleNavbar}>
                  {isNavbarOpened ? (
                    <IconLayoutSidebarLeftCollapse size={18} />
                  ) : (
                    <IconLayoutSidebarLeftExpand size={18} />
                  )}
                </ActionIcon>
              </Tooltip>
              <Brand />
            </Group>
            <TopNavigation />
          </Group>
          <AppShellActions />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Repository">
        <RepositoryPanel />
      </AppShell.Navbar>
    </>
  );
}
