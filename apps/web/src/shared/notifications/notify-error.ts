import { isApiError } from '../api/api-error.ts';
import { notifications, type TNotificationAction, type TNotificationStore } from './notification-store.ts';

/**
 * A save refused as stale (409 STALE_VERSION) keeps the user's edit on screen until they choose: reload the
 * page to see the other person's change, or close and copy their edit first.
 */
function staleActions(reload: () => void = () => window.location.reload()): TNotificationAction[] {
  return [
    { label: 'Reload', onClick: reload },
    { label: 'Close', onClick: () => {} },
  ];
}

/** Shows any thrown value as an error notification; ApiError texts already follow the seed's catalogue. */
export function notifyError(
  error: unknown,
  options: { actions?: TNotificationAction[]; store?: TNotificationStore } = {},
): string {
  const store = options.store ?? notifications;
  if (isApiError(error)) {
    const actions = options.actions ?? (error.isStale ? staleActions() : undefined);
    const fieldErrors = error.fieldErrors
      ? Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`)
      : undefined;
    return store.show({
      type: 'error',
      message: error.message,
      code: error.code,
      description: error.description,
      errors: fieldErrors && fieldErrors.length > 1 ? fieldErrors : undefined,
      actions,
    });
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return store.show({ type: 'error', message, actions: options.actions });
}
