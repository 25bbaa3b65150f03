import { AppShell, type AppShellProps, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AppShellActions, MobileShellTools } from './app-shell-actions.tsx';
import { Brand } from './brand.tsx';
import { isLinkActive, isSectionActive } from './nav-items.ts';
import { useNavSections } from './use-nav-sections.ts';

/** The phone shell's frame: a 56 px header, and the navigation as a drawer the burger opens. */
export function mobileShellProps(
  isNavbarOpened: boolean,
): Pick<AppShellProps, 'header' | 'navbar' | 'padding'> {
  return {
    header: { height: 56 },
    navbar: { width: 300, breakpoint: 100_000, collapsed: { mobile: !isNavbarOpened } },
    padding: 'sm',
  };
}

export interface TMobileChromeProps {
  isNavbarOpened: boolean;
  onToggleNavbar: () => void;
  onCloseNavbar: () => void;
}

/**
 * Phones and tablets: the header, and a burger menu with the same sections as the desktop header (the page is
 * AppLayout's).
 */
export function MobileChrome({ isNavbarOpened, onToggleNavbar, onCloseNavbar }: TMobileChromeProps) {
  const { pathname } = useLocation();
  const sections = useNavSections();
  return (
    <>
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
    </>
  );
}
