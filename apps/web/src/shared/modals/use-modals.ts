import { useSyncExternalStore } from 'react';
import { modals, type TModalEntry, type TModalStore } from './modal-store.ts';

export function useModals(store: TModalStore = modals): readonly TModalEntry[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
