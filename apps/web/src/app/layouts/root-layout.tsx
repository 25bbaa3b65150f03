import { Outlet, ScrollRestoration } from 'react-router';
import { ModalHost } from '../../shared/modals/modal-host.tsx';
import { NotificationRenderer } from '../../shared/notifications/notification-renderer.tsx';

/** Everything inside the router that every page shares: toasts and the modal stack. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ModalHost />
      <NotificationRenderer />
      <ScrollRestoration />
    </>
  );
}
