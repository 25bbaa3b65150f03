import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { InstallBanner } from '../pwa/install-banner.tsx';
import { AppShellActions, MobileShellTools } from './app-shell-actions.tsx';
import { Brand } from './brand.tsx';
import { isLinkActive, isSectionActive } from './nav-items.ts';
import { useNavSections } from './use-nav-sections.ts';

export interface TMobileLayoutProps {
  isNavbarOpened: boolean;
  onToggleNavbar: () => void;
  onCloseNavbar: () => void;
}

/** Phones and tablets: burger menu with the same sections as the desktop header. */
export function MobileLayout({ isNavbarOpened, onToggleNavbar, onCloseNavbar }: TMobileLayoutProps) {
  const { pathname } = useLocation();
  const sections = useNavSections();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 300, breakpoint: 100_000, collapsed: { mobile: !isNavbarOpened } }}
      padding="sm"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={isNavbarOpened}
              onClick={onToggleNavbar}
              size="sm"
              aria-label={isNavbarOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Brand isCompact />
          </Group>
          <AppShellActions isCompact />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        <ScrollArea>
          <MobileShellTools onDone={onCloseNavbar} />
          {sections.map((section) =>
            section.to ? (
              <NavLink
                key={section.label}
                component={Link}
                to={section.to}
                label={section.label}
                active={isSectionActive(section, pathname)}
                onClick={onCloseNavbar}
              />
            ) : (
              <NavLink
                key={section.label}
                label={section.label}
                defaultOpened={isSectionActive(section, pathname)}
                childrenOffset="md"
              >
                {(section.items ?? []).map((item) => (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    active={isLinkActive(item, pathname)}
                    onClick={onCloseNavbar}
                  />
                ))}
              </NavLink>
            ),
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <InstallBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
