import { useSyncExternalStore } from 'react';
import { notifications, type TNotification, type TNotificationStore } from './notification-store.ts';

export function useNotifications(store: TNotificationStore = notifications): readonly TNotification[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
