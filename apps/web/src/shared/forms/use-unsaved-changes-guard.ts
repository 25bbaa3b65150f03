import { useCallback, useEffect, useRef } from 'react';
import { modals, type TModalStore } from '../modals/modal-store.ts';
import { confirmUnsavedChanges } from './confirm-unsaved-changes.tsx';
import { hasUnsavedChanges, type TFormEntityState } from './unsaved-changes.ts';

export interface TUnsavedChangesGuardOptions {
  state: TFormEntityState;
  /** Removes a new entity or cancels the changes (seed §4). */
  onDiscard: () => void;
  store?: TModalStore;
}

/**
 * Returns a `canClose` for the form's modal: asks first when the form is new or changed, discards on
 * 'Discard form changes', keeps the form on 'Continue editing'.
 */
export function useUnsavedChangesGuard({ state, onDiscard, store = modals }: TUnsavedChangesGuardOptions) {
  const latest = useRef({ state, onDiscard, store });
  latest.current = { state, onDiscard, store };
  return useCallback(async (): Promise<boolean> => {
    const current = latest.current;
    if (!hasUnsavedChanges(current.state)) return true;
    const choice = await confirmUnsavedChanges(current.store);
    if (choice === 'continue') return false;
    current.onDiscard();
    return true;
  }, []);
}

/**
 * While `isDirty()` holds, reloading or closing the tab makes the browser ask first (its own words: a page
 * may not choose them). Read at the moment of unload, so a ref's current value works.
 */
export function useWarnBeforeUnload(isDirty: () => boolean, target: Window = window): void {
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    target.addEventListener('beforeunload', onBeforeUnload);
    return () => target.removeEventListener('beforeunload', onBeforeUnload);
  }, [target]);
}
