import { isApiError } from '../api/api-error.ts';
import { notifications, type TNotificationAction, type TNotificationStore } from './notification-store.ts';

/** Shows any thrown value as an error notification; ApiError texts already follow the seed's catalogue. */
export function notifyError(
  error: unknown,
  options: { actions?: TNotificationAction[]; store?: TNotificationStore } = {},
): string {
  const store = options.store ?? notifications;
  if (isApiError(error)) {
    const fieldErrors = error.fieldErrors
      ? Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`)
      : undefined;
    return store.show({
      type: 'error',
      message: error.message,
      code: error.code,
      description: error.description,
      errors: fieldErrors && fieldErrors.length > 1 ? fieldErrors : undefined,
      actions: options.actions,
    });
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return store.show({ type: 'error', message, actions: options.actions });
}
