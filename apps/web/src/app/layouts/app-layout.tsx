import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SessionWatch } from '../../features/session/components/session-watch.tsx';
import { useGlobalShortcuts } from '../../shared/keyboard/use-global-shortcuts.ts';
import { modals } from '../../shared/modals/modal-store.ts';
import { openAssetTree } from '../shell/open-asset-tree.tsx';
import { openSearch } from '../shell/open-search.tsx';
import { DesktopLayout } from './desktop-layout.tsx';
import { MobileLayout } from './mobile-layout.tsx';

/** Phone and tablet widths (below Mantine's `md`, 992 px at the default 16 px font) get the mobile layout. */
export const MOBILE_LAYOUT_QUERY = '(max-width: 62em)';

/** The signed-in shell: picks the layout by width and owns the global shortcuts. */
export function AppLayout() {
  const isMobile = useMediaQuery(MOBILE_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [isDesktopNavbarOpened, desktopNavbar] = useDisclosure(true);
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
      {isMobile ? (
        <MobileLayout
          isNavbarOpened={isMobileNavbarOpened}
          onToggleNavbar={mobileNavbar.toggle}
          onCloseNavbar={mobileNavbar.close}
        />
      ) : (
        <DesktopLayout isNavbarOpened={isDesktopNavbarOpened} />
      )}
      <SessionWatch />
    </>
  );
}
