import { Outlet, ScrollRestoration } from 'react-router';
import { useUserDateSettings } from '../../features/session/index.ts';
import { UnsavedChangesGuard } from '../../shared/forms/unsaved-changes-guard.tsx';
import { DateFormatProvider } from '../../shared/lib/date-format.tsx';
import { ModalHost } from '../../shared/modals/modal-host.tsx';
import { NotificationRenderer } from '../../shared/notifications/notification-renderer.tsx';

/**
 * Everything inside the router that every page shares: toasts, the modal stack, the unsaved-changes guard,
 * and the user's date format (pages and the dialogs on the stack alike show and read dates in it).
 */
export function RootLayout() {
  const { dateFormat, timeZone } = useUserDateSettings();
  return (
    <DateFormatProvider format={dateFormat} timeZone={timeZone}>
      <Outlet />
      <ModalHost />
      <UnsavedChangesGuard />
      <NotificationRenderer />
      <ScrollRestoration />
    </DateFormatProvider>
  );
}
