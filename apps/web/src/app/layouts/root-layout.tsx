import { Outlet, ScrollRestoration } from 'react-router';
import { UnsavedChangesGuard } from '../../shared/forms/unsaved-changes-guard.tsx';
import { ModalHost } from '../../shared/modals/modal-host.tsx';
import { NotificationRenderer } from '../../shared/notifications/notification-renderer.tsx';

/** Everything inside the router that every page shares: toasts, the modal stack, the unsaved-changes guard. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ModalHost />
      <UnsavedChangesGuard />
      <NotificationRenderer />
      <ScrollRestoration />
    </>
  );
}
