import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { isNavbarOpened, withNavbarOpened } from '@strata/core/settings/ui-settings-flags';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/index.ts';
import { ChatWidget } from '../../features/chat/index.ts';
import { SessionWatch } from '../../features/session/components/session-watch.tsx';
import { saveUserSettings, useUserSettings } from '../../features/session/index.ts';
import { useGlobalShortcuts } from '../../shared/keyboard/use-global-shortcuts.ts';
import { modals } from '../../shared/modals/modal-store.ts';
import { InstallBanner } from '../pwa/install-banner.tsx';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { openSearch } from '../shell/open-search.tsx';
import { DesktopChrome, desktopShellProps } from './desktop-layout.tsx';
import { MobileChrome, mobileShellProps } from './mobile-layout.tsx';

/** Phone and tablet widths (below Mantine's `md`, 992 px at the default 16 px font) get the mobile layout. */
export const MOBILE_LAYOUT_QUERY = '(max-width: 62em)';

/**
 * The desktop side panel, shown or hidden as the user last left it (`uiSettings.common.isNavbarOpened`,
 * saved with the settings so it follows them to another browser).
 */
function useDesktopNavbar() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  const settings = useUserSettings(userId);
  const [choice, setChoice] = useState<boolean | null>(null);
  const isOpened = choice ?? isNavbarOpened(settings.data?.uiSettings);
  const toggle = () => {
    const next = !isOpened;
    setChoice(next);
    if (!userId) return;
    saveUserSettings(queryClient, userId, (current) => ({
      ...current,
      uiSettings: withNavbarOpened(current.uiSettings, next),
    })).catch(() => {
      // Not remembered this time; the panel still follows the click for this visit, no need to interrupt.
    });
  };
  return { isOpened, toggle };
}

/**
 * The signed-in shell: picks the layout by width and owns the global shortcuts. The page sits at the same place
 * in the tree in both layouts, so crossing the width (a snapped window, a turned tablet, a zoom) swaps only the
 * header and navigation: a page remounted there would lose what the user had under way, such as a second
 * factor half set up or an unsaved form.
 */
export function AppLayout() {
  const isMobile = useMediaQuery(MOBILE_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const desktopNavbar = useDesktopNavbar();
  const [isMobileNavbarOpened, mobileNavbar] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => {
    // A page change closes the mobile menu; `pathname` is the trigger, not an input.
    void pathname;
    mobileNavbar.close();
  }, [pathname, mobileNavbar.close]);

  useGlobalShortcuts({
    'close-top-modal': () => void modals.closeTop(),
    'open-search': openSearch,
    'open-asset-tree': openAssetTree,
    'toggle-navbar': isMobile ? mobileNavbar.toggle : desktopNavbar.toggle,
  });

  return (
    <>
      <AppShell
        {...(isMobile ? mobileShellProps(isMobileNavbarOpened) : desktopShellProps(desktopNavbar.isOpened))}
      >
        {isMobile ? (
          <MobileChrome
            isNavbarOpened={isMobileNavbarOpened}
            onToggleNavbar={mobileNavbar.toggle}
            onCloseNavbar={mobileNavbar.close}
          />
        ) : (
          <DesktopChrome isNavbarOpened={desktopNavbar.isOpened} onToggleNavbar={desktopNavbar.toggle} />
        )}
        <AppShell.Main>
          {isMobile && <InstallBanner />}
          <Outlet />
        </AppShell.Main>
      </AppShell>
      <SessionWatch />
      <ChatWidget />
    </>
  );
}
